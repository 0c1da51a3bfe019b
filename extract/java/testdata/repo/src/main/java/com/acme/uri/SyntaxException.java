package com.acme.uri;

/** The message is built by getMessage() from the reason and fields. */
public class SyntaxException extends Exception {
    private final String input;
    private final int index;

    public SyntaxException(String input, String reason, int index) {
        super(reason);
        this.input = input;
        this.index = index;
    }

    public SyntaxException(String input, String reason) {
        this(input, reason, -1);
    }

    public String getReason() {
        return super.getMessage();
    }

    public String getMessage() {
        StringBuilder sb = new StringBuilder();
        sb.append(getReason());
        if (index > -1) {
            sb.append(" at index ");
            sb.append(index);
        }
        sb.append(": ");
        sb.append(input);
        return sb.toString();
    }
}
