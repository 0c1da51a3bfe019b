package com.acme.http;

import static com.acme.http.Checks.badArgument;

/** Throws what the factories of Checks format. */
final class RequestBuilder {
    private String method;

    RequestBuilder header(String name, String value) {
        if (name.isEmpty() || name.indexOf(' ') >= 0) {
            throw badArgument("invalid header name: \"%s\"", name);
        }
        if (value.indexOf('\n') >= 0) {
            throw badArgument("invalid header value for %s: \"%s\"", name, value);
        }
        return this;
    }

    RequestBuilder method(String m) {
        if (m.isEmpty()) {
            throw Checks.badArgument("illegal method <empty string>");
        }
        if (method != null) {
            throw Checks.badState("method already set to {0}, not {1}", method, m);
        }
        if (m.equals("CONNECT")) {
            throw Checks.unsupported("method " + m);
        }
        method = m;
        return this;
    }

    String describe(String a) {
        return String.format("request %s", a);
    }
}
