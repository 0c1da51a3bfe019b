package demo;

import java.util.logging.Level;
import java.util.logging.Logger;

public class Logged {
    private static final Logger LOG = Logger.getLogger(Logged.class.getName());

    public static void main(String[] args) {
        try {
            Object o = "text";
            Integer i = (Integer) o;
            System.out.println(i);
        } catch (ClassCastException e) {
            LOG.log(Level.SEVERE, "conversion failed", e);
        }
    }
}
