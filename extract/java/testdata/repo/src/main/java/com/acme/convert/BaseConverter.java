package com.acme.convert;

// A base class's instance method that returns a message, called by its
// subclasses without qualification (JCommander's BaseConverter).
public abstract class BaseConverter {
    private final String optionName;

    protected BaseConverter(String optionName) {
        this.optionName = optionName;
    }

    protected String getOptionName() {
        return optionName;
    }

    protected String getErrorString(String value, String to) {
        return "\"" + getOptionName() + "\": couldn't convert \"" + value + "\" to " + to;
    }
}
