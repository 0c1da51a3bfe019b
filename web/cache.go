package web

import (
	"container/list"
	"sync"
)

// pageCache keeps rendered responses by URL path, least recently used
// first out, within a byte budget. It is emptied whenever the store
// changes (Server.Refresh: a new snapshot, a deleted repository, new
// explanations), and its keys carry the catalog's number (Server.gen), so
// a cached page is never older than the data the server last loaded.
type pageCache struct {
	mu      sync.Mutex
	max     int64
	size    int64
	entries map[string]*list.Element
	order   list.List // front: most recently used
}

type cacheEntry struct {
	key  string
	resp *response
	size int64
}

func newPageCache(maxBytes int64) *pageCache {
	return &pageCache{max: maxBytes, entries: map[string]*list.Element{}}
}

func (c *pageCache) get(key string) (*response, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.entries[key]
	if !ok {
		return nil, false
	}
	c.order.MoveToFront(el)
	return el.Value.(*cacheEntry).resp, true
}

// put stores a response. Its size counts the body twice, for the
// compressed copy it may gain.
func (c *pageCache) put(key string, resp *response) {
	size := int64(len(key)+2*len(resp.body)) + 256
	if size > c.max/8 {
		return // one page must not evict most of the others
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.entries[key]; ok {
		c.size -= el.Value.(*cacheEntry).size
		c.order.Remove(el)
	}
	c.entries[key] = c.order.PushFront(&cacheEntry{key: key, resp: resp, size: size})
	c.size += size
	for c.size > c.max {
		el := c.order.Back()
		e := el.Value.(*cacheEntry)
		c.order.Remove(el)
		delete(c.entries, e.key)
		c.size -= e.size
	}
}

func (c *pageCache) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	clear(c.entries)
	c.order.Init()
	c.size = 0
}

// len returns the number of cached responses.
func (c *pageCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.entries)
}
