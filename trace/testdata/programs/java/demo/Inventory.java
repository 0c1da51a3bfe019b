package demo;

import java.util.HashMap;
import java.util.Map;

public class Inventory {
    private final Map<String, Integer> stock = new HashMap<>();

    static class StockException extends RuntimeException {
        StockException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    int parseQuantity(String raw) {
        return Integer.parseInt(raw.trim());
    }

    void add(String sku, String raw) {
        try {
            stock.merge(sku, parseQuantity(raw), Integer::sum);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad quantity for " + sku, e);
        }
    }

    void load(String[] rows) {
        for (String row : rows) {
            String[] parts = row.split(",");
            try {
                add(parts[0], parts[1]);
            } catch (IllegalArgumentException e) {
                throw new StockException("cannot load row: " + row, e);
            }
        }
    }

    public static void main(String[] args) {
        new Inventory().load(new String[] {"a1,3", "b2,x7"});
    }
}
