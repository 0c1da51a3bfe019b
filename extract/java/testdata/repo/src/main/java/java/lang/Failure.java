package java.lang;

/** A throwable of java.lang whose base the repository declares. */
public class Failure extends Throwable {
    public Failure(String message) {
        super(message);
    }

    public String getMessage() {
        return "[failure] " + super.getMessage();
    }
}
