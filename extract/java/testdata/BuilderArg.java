package example;

// A StringBuilder handed to a method that writes to it: the text the
// method adds is a hole where the call is among the appends (Guava's
// Range, "Invalid range: (5..5)").
public class BuilderArg {
    abstract static class Cut {
        abstract void describeAsLowerBound(StringBuilder sb);

        abstract void describeAsUpperBound(StringBuilder sb);
    }

    private static String toString(Cut lowerBound, Cut upperBound) {
        StringBuilder sb = new StringBuilder(16);
        lowerBound.describeAsLowerBound(sb);
        sb.append("..");
        upperBound.describeAsUpperBound(sb);
        return sb.toString();
    }

    static void check(Cut lowerBound, Cut upperBound) {
        throw new IllegalArgumentException("Invalid range: " + toString(lowerBound, upperBound));
    }

    static void local(int count) {
        StringBuilder b = new StringBuilder("found ");
        appendCount(b, count);
        b.append(" items");
        StringBuilder copy = new StringBuilder();
        copy.append(b);
        throw new IllegalStateException(b.toString());
    }

    static void appendCount(StringBuilder b, int count) {
        b.append(count);
    }
}
