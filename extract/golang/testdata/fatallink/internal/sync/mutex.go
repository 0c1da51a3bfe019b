package sync

type Mutex struct{ state int32 }

const unlockedMsg = "sync: unlock of unlocked mutex"

func (m *Mutex) unlockSlow(new int32) {
	if (new+1)&1 == 0 {
		fatal("sync: unlock of unlocked mutex")
	}
	if new < 0 {
		throw(unlockedMsg + " (negative)")
	}
	fatal(m.describe()) // no text: not a site
}

func (m *Mutex) describe() string { return "mutex" }
