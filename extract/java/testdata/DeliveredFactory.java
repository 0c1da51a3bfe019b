package demo;

import java.util.List;

// An exception a factory of its class makes, handed on rather than
// thrown, is a site as new X(...) handed on is.
public class DeliveredFactory {
    public static class MissingException extends RuntimeException {
        public MissingException(String msg) {
            super(msg);
        }

        static MissingException create(List<String> missing) {
            return new MissingException("Missing required options: " + String.join(", ", missing));
        }
    }

    private boolean lenient;

    void maybeThrow(RuntimeException e) {
        if (!lenient) {
            throw e;
        }
    }

    void validate(List<String> missing) {
        if (!missing.isEmpty()) {
            maybeThrow(MissingException.create(missing));
        }
        log(String.valueOf(missing)); // not a throwable's factory
    }

    void log(String s) {
    }
}
