package main

type cache struct{ m map[string]int }

func (c *cache) put(k string, v int) { c.m[k] = v }

func main() {
	var c cache
	c.put("a", 1)
}
