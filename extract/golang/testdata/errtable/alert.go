package sys

import "strconv"

type alert uint8

const (
	alertCloseNotify    alert = 0
	alertBadCertificate alert = 42
)

var alertText = map[alert]string{
	alertCloseNotify:    "close notify",
	alertBadCertificate: "bad certificate",
}

func (e alert) String() string {
	s, ok := alertText[e]
	if ok {
		return "tls: " + s
	}
	return "tls: alert(" + strconv.Itoa(int(e)) + ")"
}

func (e alert) Error() string {
	return e.String()
}
