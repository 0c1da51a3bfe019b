package com.acme.cycles;

class A {
    static RuntimeException f(int n) {
        if (n == 0) return n > 10 ? B.f(n - 1) : C.f(n + 1);
        if (n == 1) return n > 11 ? B.f(n - 1) : C.f(n + 1);
        if (n == 2) return n > 12 ? B.f(n - 1) : C.f(n + 1);
        return new IllegalStateException("a " + n);
    }
}
