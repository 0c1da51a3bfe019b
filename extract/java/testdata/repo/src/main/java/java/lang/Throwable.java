package java.lang;

/** The root of the throwables, as the JDK's own sources declare it. */
public class Throwable {
    private static final String NULL_CAUSE_MESSAGE = "Cannot suppress a null exception.";
    private String detailMessage;

    public Throwable() {
    }

    public Throwable(String message) {
        detailMessage = message;
    }

    public String getMessage() {
        return detailMessage;
    }
}
