package match

import "hash/maphash"

// table is an open-addressing hash table (linear probing) of byte strings
// kept elsewhere, in the index's arena: a slot holds an id + 1, and 0 marks
// an empty slot. It holds no pointers, so a table of millions of keys costs
// the collector nothing, and it is the token dictionary both while building
// and while matching. The load factor stays at or under one half.
type table struct {
	seed  maphash.Seed
	slots []uint32
	n     int
}

// find returns the id stored under key, or false and the slot where key
// would go. keyOf returns the bytes of a stored id.
func (t *table) find(key []byte, keyOf func(uint32) []byte) (id uint32, ok bool, slot int) {
	if len(t.slots) == 0 {
		return 0, false, -1
	}
	mask := uint64(len(t.slots) - 1)
	for j := maphash.Bytes(t.seed, key) & mask; ; j = (j + 1) & mask {
		v := t.slots[j]
		if v == 0 {
			return 0, false, int(j)
		}
		if string(keyOf(v-1)) == string(key) {
			return v - 1, true, int(j)
		}
	}
}

// add stores id at slot, as returned by a failed find for its key, and
// grows the table when it gets half full.
func (t *table) add(slot int, id uint32, keyOf func(uint32) []byte) {
	if slot < 0 {
		t.slots = make([]uint32, 16)
		_, _, slot = t.find(keyOf(id), keyOf)
	}
	t.slots[slot] = id + 1
	t.n++
	if 2*t.n <= len(t.slots) {
		return
	}
	old := t.slots
	t.slots = make([]uint32, 2*len(old))
	mask := uint64(len(t.slots) - 1)
	for _, v := range old {
		if v == 0 {
			continue
		}
		j := maphash.Bytes(t.seed, keyOf(v-1)) & mask
		for t.slots[j] != 0 {
			j = (j + 1) & mask
		}
		t.slots[j] = v
	}
}
