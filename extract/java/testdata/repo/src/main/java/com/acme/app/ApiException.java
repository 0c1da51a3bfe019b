package com.acme.app;

import org.remote.RemoteFault;

/** Extends a class of a library the repository does not hold. */
public class ApiException extends RemoteFault {
    public ApiException(String code, String detail) {
        super("[" + code + "] " + detail);
    }

    static void check(boolean ok, String detail) {
        if (!ok) throw new ApiException("E_CHECK", detail);
    }
}
