package demo;

public class Suppressed {
    static class Res implements AutoCloseable {
        @Override
        public void close() {
            throw new IllegalStateException("close failed:\nhandle already released");
        }
    }

    public static void main(String[] args) {
        try (Res r = new Res()) {
            throw new UnsupportedOperationException("write not supported");
        }
    }
}
