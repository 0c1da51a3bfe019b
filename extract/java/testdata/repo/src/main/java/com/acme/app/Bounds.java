package com.acme.app;

import static com.acme.errors.Messages.*;

class Bounds {
    int next(int bound) {
        if (bound <= 0) throw new IllegalArgumentException(READ_ONLY);
        return 0;
    }
}
