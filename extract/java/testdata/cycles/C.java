package com.acme.cycles;

class C {
    static RuntimeException f(int n) {
        if (n == 0) return n > 10 ? A.f(n - 1) : B.f(n + 1);
        if (n == 1) return n > 11 ? A.f(n - 1) : B.f(n + 1);
        if (n == 2) return n > 12 ? A.f(n - 1) : B.f(n + 1);
        return new IllegalStateException("c " + n);
    }
}
