package com.acme.app;

import com.acme.errors.*;
import com.acme.errors.Messages.QuotaException;
import static com.acme.errors.Messages.CLOSED;

public class Store {
    private boolean closed;

    Object get(long id) throws QuotaException {
        if (closed) throw new IllegalStateException(CLOSED);
        if (id < 0) throw new AppException("E_NEG", "negative id " + id);
        if (id == 0) throw new NotFoundException(id);
        if (id == 1) throw new NotFoundException("user", id);
        if (id == 2) throw new QuotaException(10, 5);
        if (id == 3) throw new StoreException(Messages.READ_ONLY);
        try {
            return load(id);
        } catch (RuntimeException e) {
            throw new AppException("load failed", e);
        }
    }
}
