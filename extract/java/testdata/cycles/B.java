package com.acme.cycles;

class B {
    static RuntimeException f(int n) {
        if (n == 0) return n > 10 ? C.f(n - 1) : A.f(n + 1);
        if (n == 1) return n > 11 ? C.f(n - 1) : A.f(n + 1);
        if (n == 2) return n > 12 ? C.f(n - 1) : A.f(n + 1);
        return new IllegalStateException("b " + n);
    }
}
