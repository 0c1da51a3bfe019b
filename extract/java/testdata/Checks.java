package com.acme;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkState;
import com.google.common.base.Preconditions;
import com.google.common.base.Verify;
import java.util.Objects;

class Checks {
    void check(int index, int size, Object ref, String name) {
        checkArgument(index >= 0, "index %s must not be negative (size %s)", index, size);
        checkState(size > 0, "empty");
        Preconditions.checkNotNull(ref, "ref for %s", name, "extra", 3);
        Preconditions.checkArgument(size < 10, "too big: %s, %s", size);
        checkArgument(index < size);
        Objects.requireNonNull(ref, "ref must not be null");
        Objects.requireNonNull(name, () -> "name of " + ref + " is required");
        Verify.verify(index != 3, "index is %s", index);
        assert index < 100 : "index out of range: " + index;
        assert size > 0;
    }
}
