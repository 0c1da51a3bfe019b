package demo;

import java.util.List;

public class Worker {
    public static void main(String[] args) throws Exception {
        Thread t = new Thread(() -> {
            List<String> items = List.of("a", "b");
            System.out.println(items.get(5));
        }, "worker-7");
        t.start();
        t.join();
    }
}
