// A thrown value that is not a std::exception: no what() line.
int main() { throw 42; }
