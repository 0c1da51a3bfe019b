package demo;

import java.util.Collection;
import java.util.Collections;
import java.util.List;

// A constructor that calls this(...) with arguments that fit its own
// parameters as well as another constructor's runs the other one.
public class ThisOverload {
    public static class CliException extends RuntimeException {
        public CliException(String msg) {
            super(msg);
        }
    }

    public static class MissingParameterException extends CliException {
        private final List<String> missing;

        public MissingParameterException(ThisOverload cli, String missing, String msg) {
            this(cli, Collections.singletonList(missing), msg);
        }

        public MissingParameterException(ThisOverload cli, Collection<String> missing, String msg) {
            super(msg);
            this.missing = null;
        }
    }

    void check(String arg, int n) {
        String msg = "Missing required parameter for option '" + arg + "' (" + n + ")";
        throw new MissingParameterException(this, arg, msg);
    }
}
