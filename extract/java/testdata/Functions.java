package com.acme;

import java.util.List;

public class Functions {
    static final Runnable HOOK = () -> { throw new IllegalStateException("static field lambda"); };
    private final Runnable hook = () -> { throw new IllegalStateException("field lambda"); };

    static {
        if (Boolean.getBoolean("x")) throw new ExceptionInInitializerError("static init");
    }

    {
        if (hook == null) throw new IllegalStateException("instance init");
    }

    Functions() { throw new UnsupportedOperationException("constructor"); }

    void method(List<String> xs) {
        xs.forEach(x -> { throw new IllegalArgumentException("lambda " + x); });
        new Thread() {
            @Override public void run() { throw new IllegalStateException("anonymous"); }
        }.start();
        Runnable r = new Runnable() {
            public void run() { throw new IllegalStateException("second anonymous"); }
        };
        class Local {
            void go() { throw new IllegalStateException("local class"); }
        }
    }

    static class Nested {
        class Inner {
            void deep() { throw new IllegalStateException("inner"); }
        }
    }

    enum Mode {
        FAST {
            void apply() { throw new UnsupportedOperationException("enum constant body"); }
        };
        void apply() {}
    }

    interface Api {
        default void call() { throw new UnsupportedOperationException("default method"); }
    }

    record Point(int x, int y) {
        Point {
            if (x < 0) throw new IllegalArgumentException("x < 0: " + x);
        }
    }
}
