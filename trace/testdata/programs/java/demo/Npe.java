package demo;

public class Npe {
    static class User {
        String name;
    }

    static int nameLength(User u) {
        return u.name.length();
    }

    public static void main(String[] args) {
        System.out.println(nameLength(new User()));
    }
}
