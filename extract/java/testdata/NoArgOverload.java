package example;

// An overload without parameters beside one taking only varargs, both
// candidates for a call without arguments (guava's Sets.newHashSet(),
// picocli's CommandLine): the call resolves to neither, and the file's
// sites are still found.
public class NoArgOverload {
    static <E> java.util.Set<E> newSet() {
        return new java.util.HashSet<>();
    }

    static <E> java.util.Set<E> newSet(E... elements) {
        java.util.Set<E> s = newSet();
        for (E e : elements) {
            s.add(e);
        }
        return s;
    }

    static void check(String name) {
        if (name.isEmpty()) {
            throw new IllegalArgumentException("empty name: " + name);
        }
    }

    void use() {
        check("x");
    }
}
