package python

import (
	"cmp"
	"strconv"
	"strings"

	"github.com/errdex/errdex"
)

// This file holds what Python's errno module and os.strerror give on
// Linux, where the messages of OSError read them: code raises
// FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), path), which
// prints "[Errno 2] No such file or directory: '/x'".

// linuxErrno are the errno module's constants on Linux, by name.
var linuxErrno = map[string]int{
	"EPERM": 1, "ENOENT": 2, "ESRCH": 3, "EINTR": 4, "EIO": 5, "ENXIO": 6, "E2BIG": 7,
	"ENOEXEC": 8, "EBADF": 9, "ECHILD": 10, "EAGAIN": 11, "EWOULDBLOCK": 11, "ENOMEM": 12,
	"EACCES": 13, "EFAULT": 14, "ENOTBLK": 15, "EBUSY": 16, "EEXIST": 17, "EXDEV": 18,
	"ENODEV": 19, "ENOTDIR": 20, "EISDIR": 21, "EINVAL": 22, "ENFILE": 23, "EMFILE": 24,
	"ENOTTY": 25, "ETXTBSY": 26, "EFBIG": 27, "ENOSPC": 28, "ESPIPE": 29, "EROFS": 30,
	"EMLINK": 31, "EPIPE": 32, "EDOM": 33, "ERANGE": 34, "EDEADLK": 35, "EDEADLOCK": 35,
	"ENAMETOOLONG": 36, "ENOLCK": 37, "ENOSYS": 38, "ENOTEMPTY": 39, "ELOOP": 40,
	"ENOMSG": 42, "EIDRM": 43, "ECHRNG": 44, "EL2NSYNC": 45, "EL3HLT": 46, "EL3RST": 47,
	"ELNRNG": 48, "EUNATCH": 49, "ENOCSI": 50, "EL2HLT": 51, "EBADE": 52, "EBADR": 53,
	"EXFULL": 54, "ENOANO": 55, "EBADRQC": 56, "EBADSLT": 57, "EBFONT": 59, "ENOSTR": 60,
	"ENODATA": 61, "ETIME": 62, "ENOSR": 63, "ENONET": 64, "ENOPKG": 65, "EREMOTE": 66,
	"ENOLINK": 67, "EADV": 68, "ESRMNT": 69, "ECOMM": 70, "EPROTO": 71, "EMULTIHOP": 72,
	"EDOTDOT": 73, "EBADMSG": 74, "EOVERFLOW": 75, "ENOTUNIQ": 76, "EBADFD": 77,
	"EREMCHG": 78, "ELIBACC": 79, "ELIBBAD": 80, "ELIBSCN": 81, "ELIBMAX": 82,
	"ELIBEXEC": 83, "EILSEQ": 84, "ERESTART": 85, "ESTRPIPE": 86, "EUSERS": 87,
	"ENOTSOCK": 88, "EDESTADDRREQ": 89, "EMSGSIZE": 90, "EPROTOTYPE": 91, "ENOPROTOOPT": 92,
	"EPROTONOSUPPORT": 93, "ESOCKTNOSUPPORT": 94, "ENOTSUP": 95, "EOPNOTSUPP": 95,
	"EPFNOSUPPORT": 96, "EAFNOSUPPORT": 97, "EADDRINUSE": 98, "EADDRNOTAVAIL": 99,
	"ENETDOWN": 100, "ENETUNREACH": 101, "ENETRESET": 102, "ECONNABORTED": 103,
	"ECONNRESET": 104, "ENOBUFS": 105, "EISCONN": 106, "ENOTCONN": 107, "ESHUTDOWN": 108,
	"ETOOMANYREFS": 109, "ETIMEDOUT": 110, "ECONNREFUSED": 111, "EHOSTDOWN": 112,
	"EHOSTUNREACH": 113, "EALREADY": 114, "EINPROGRESS": 115, "ESTALE": 116, "EUCLEAN": 117,
	"ENOTNAM": 118, "ENAVAIL": 119, "EISNAM": 120, "EREMOTEIO": 121, "EDQUOT": 122,
	"ENOMEDIUM": 123, "EMEDIUMTYPE": 124, "ECANCELED": 125, "ENOKEY": 126,
	"EKEYEXPIRED": 127, "EKEYREVOKED": 128, "EKEYREJECTED": 129, "EOWNERDEAD": 130,
	"ENOTRECOVERABLE": 131, "ERFKILL": 132,
}

// linuxStrerror is os.strerror of each Linux errno: glibc's texts.
var linuxStrerror = map[int]string{
	1:   "Operation not permitted",
	2:   "No such file or directory",
	3:   "No such process",
	4:   "Interrupted system call",
	5:   "Input/output error",
	6:   "No such device or address",
	7:   "Argument list too long",
	8:   "Exec format error",
	9:   "Bad file descriptor",
	10:  "No child processes",
	11:  "Resource temporarily unavailable",
	12:  "Cannot allocate memory",
	13:  "Permission denied",
	14:  "Bad address",
	15:  "Block device required",
	16:  "Device or resource busy",
	17:  "File exists",
	18:  "Invalid cross-device link",
	19:  "No such device",
	20:  "Not a directory",
	21:  "Is a directory",
	22:  "Invalid argument",
	23:  "Too many open files in system",
	24:  "Too many open files",
	25:  "Inappropriate ioctl for device",
	26:  "Text file busy",
	27:  "File too large",
	28:  "No space left on device",
	29:  "Illegal seek",
	30:  "Read-only file system",
	31:  "Too many links",
	32:  "Broken pipe",
	33:  "Numerical argument out of domain",
	34:  "Numerical result out of range",
	35:  "Resource deadlock avoided",
	36:  "File name too long",
	37:  "No locks available",
	38:  "Function not implemented",
	39:  "Directory not empty",
	40:  "Too many levels of symbolic links",
	42:  "No message of desired type",
	43:  "Identifier removed",
	44:  "Channel number out of range",
	45:  "Level 2 not synchronized",
	46:  "Level 3 halted",
	47:  "Level 3 reset",
	48:  "Link number out of range",
	49:  "Protocol driver not attached",
	50:  "No CSI structure available",
	51:  "Level 2 halted",
	52:  "Invalid exchange",
	53:  "Invalid request descriptor",
	54:  "Exchange full",
	55:  "No anode",
	56:  "Invalid request code",
	57:  "Invalid slot",
	59:  "Bad font file format",
	60:  "Device not a stream",
	61:  "No data available",
	62:  "Timer expired",
	63:  "Out of streams resources",
	64:  "Machine is not on the network",
	65:  "Package not installed",
	66:  "Object is remote",
	67:  "Link has been severed",
	68:  "Advertise error",
	69:  "Srmount error",
	70:  "Communication error on send",
	71:  "Protocol error",
	72:  "Multihop attempted",
	73:  "RFS specific error",
	74:  "Bad message",
	75:  "Value too large for defined data type",
	76:  "Name not unique on network",
	77:  "File descriptor in bad state",
	78:  "Remote address changed",
	79:  "Can not access a needed shared library",
	80:  "Accessing a corrupted shared library",
	81:  ".lib section in a.out corrupted",
	82:  "Attempting to link in too many shared libraries",
	83:  "Cannot exec a shared library directly",
	84:  "Invalid or incomplete multibyte or wide character",
	85:  "Interrupted system call should be restarted",
	86:  "Streams pipe error",
	87:  "Too many users",
	88:  "Socket operation on non-socket",
	89:  "Destination address required",
	90:  "Message too long",
	91:  "Protocol wrong type for socket",
	92:  "Protocol not available",
	93:  "Protocol not supported",
	94:  "Socket type not supported",
	95:  "Operation not supported",
	96:  "Protocol family not supported",
	97:  "Address family not supported by protocol",
	98:  "Address already in use",
	99:  "Cannot assign requested address",
	100: "Network is down",
	101: "Network is unreachable",
	102: "Network dropped connection on reset",
	103: "Software caused connection abort",
	104: "Connection reset by peer",
	105: "No buffer space available",
	106: "Transport endpoint is already connected",
	107: "Transport endpoint is not connected",
	108: "Cannot send after transport endpoint shutdown",
	109: "Too many references: cannot splice",
	110: "Connection timed out",
	111: "Connection refused",
	112: "Host is down",
	113: "No route to host",
	114: "Operation already in progress",
	115: "Operation now in progress",
	116: "Stale file handle",
	117: "Structure needs cleaning",
	118: "Not a XENIX named type file",
	119: "No XENIX semaphores available",
	120: "Is a named type file",
	121: "Remote I/O error",
	122: "Disk quota exceeded",
	123: "No medium found",
	124: "Wrong medium type",
	125: "Operation canceled",
	126: "Required key not available",
	127: "Key has expired",
	128: "Key has been revoked",
	129: "Key was rejected by service",
	130: "Owner died",
	131: "State not recoverable",
	132: "Operation not possible due to RF-kill",
}

// errnoClasses are the OSError subclasses OSError(errno, ...) builds for
// an errno instead of OSError itself (CPython's errnomap).
var errnoClasses = map[int]string{
	11: "BlockingIOError", 114: "BlockingIOError", 115: "BlockingIOError",
	10: "ChildProcessError", 32: "BrokenPipeError", 108: "BrokenPipeError",
	103: "ConnectionAbortedError", 111: "ConnectionRefusedError", 104: "ConnectionResetError",
	17: "FileExistsError", 2: "FileNotFoundError", 21: "IsADirectoryError",
	20: "NotADirectoryError", 4: "InterruptedError", 1: "PermissionError", 13: "PermissionError",
	3: "ProcessLookupError", 110: "TimeoutError",
}

// errnoConst evaluates an errno constant, errno.NAME through the module
// (obj is the name the file imports it as) or NAME imported from it (obj
// is ""): its Linux number.
func (ev *evaluator) errnoConst(obj, name, expr string) (value, bool) {
	t, ok := ev.fs.imports[cmp.Or(obj, name)]
	switch {
	case !ok || t.module != "errno":
		return value{}, false
	case obj == "" && t.name != "":
		name = t.name
	case obj == "" || t.name != "":
		return value{}, false
	}
	n, ok := linuxErrno[name]
	if !ok {
		return value{}, false
	}
	return litValue(vNum, expr, strconv.Itoa(n)), true
}

// isStrerror reports whether callee, as written, is os.strerror.
func (ev *evaluator) isStrerror(callee string) bool {
	if obj, ok := strings.CutSuffix(callee, ".strerror"); ok {
		t, imported := ev.fs.imports[obj]
		return imported && t.module == "os" && t.name == ""
	}
	return callee == "strerror" && ev.importedFrom("strerror", "os")
}

// strerror evaluates os.strerror(arg): the Linux text of a known errno, a
// text hole otherwise.
func strerror(expr string, arg value) value {
	if arg.kind == vNum && len(arg.alts) == 1 {
		if s, ok := literalOnly(arg.alts[0]); ok {
			if n, err := strconv.Atoi(s); err == nil && linuxStrerror[n] != "" {
				return litValue(vStr, expr, linuxStrerror[n])
			}
		}
	}
	return unknown(expr, errdex.HoleStr)
}
