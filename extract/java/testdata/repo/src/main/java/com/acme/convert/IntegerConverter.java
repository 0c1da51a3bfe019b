package com.acme.convert;

public class IntegerConverter extends BaseConverter {
    public IntegerConverter(String optionName) {
        super(optionName);
    }

    public Integer convert(String value) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException ex) {
            throw new IllegalArgumentException(getErrorString(value, "an integer"));
        }
    }
}
