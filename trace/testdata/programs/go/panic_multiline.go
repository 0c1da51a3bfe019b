package main

func main() {
	panic("migration 0042 failed:\n  column \"email\" already exists\n  rolled back")
}
