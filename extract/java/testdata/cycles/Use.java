package com.acme.cycles;

class Use {
    void run(int n) {
        throw A.f(n);
    }
}
