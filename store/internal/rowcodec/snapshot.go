package rowcodec

import (
	"fmt"
	"time"

	"github.com/errdex/errdex"
)

// SnapshotColumns names the columns of a snapshots row that SnapshotRow
// holds, in the order of its Values and Pointers. Both stores' snapshots
// tables have these columns, beside the row's ID, its repository and its
// number of sites.
const SnapshotColumns = `rev, rev_date, tag, remote, url_template, issues_url, indexed_at, stats`

// SnapshotRow is a snapshot's column values, as both stores write and
// read them. Times are FormatTime text (RevDate nil when unknown) and
// Stats is JSON (EncodeStats).
type SnapshotRow struct {
	Rev, Tag, Remote, URLTemplate, IssuesURL string
	RevDate, IndexedAt                       *string
	Stats                                    string
}

// EncodeSnapshot checks the arguments of ReplaceSnapshot and returns the
// snapshot's row and its sites in the order to insert them (CheckSites).
// A zero IndexedAt is written as the current time. Its errors say what is
// wrong with the arguments; stores report them as errdex.Invalid.
func EncodeSnapshot(snap *errdex.Snapshot, sites []*errdex.Site) (*SnapshotRow, []*errdex.Site, error) {
	sorted, err := CheckSites(snap, sites)
	if err != nil {
		return nil, nil, err
	}
	stats, err := EncodeStats(&snap.Stats)
	if err != nil {
		return nil, nil, fmt.Errorf("snapshot stats: %w", err)
	}
	indexed := snap.IndexedAt
	if indexed.IsZero() {
		indexed = time.Now()
	}
	r := &SnapshotRow{
		Rev:         snap.Rev,
		Tag:         snap.Tag,
		Remote:      snap.Remote,
		URLTemplate: snap.URLTemplate,
		IssuesURL:   snap.IssuesURL,
		RevDate:     FormatTime(snap.RevDate),
		IndexedAt:   FormatTime(indexed),
		Stats:       string(stats),
	}
	return r, sorted, nil
}

// Values returns the column values in the order of SnapshotColumns, for
// an INSERT.
func (r *SnapshotRow) Values() []any {
	return []any{r.Rev, r.RevDate, r.Tag, r.Remote, r.URLTemplate, r.IssuesURL, r.IndexedAt, r.Stats}
}

// Pointers returns pointers to the fields in the order of
// SnapshotColumns, for a Scan.
func (r *SnapshotRow) Pointers() []any {
	return []any{&r.Rev, &r.RevDate, &r.Tag, &r.Remote, &r.URLTemplate, &r.IssuesURL, &r.IndexedAt, &r.Stats}
}

// MapText replaces each text column that is only displayed (Rev, Tag,
// Remote, URLTemplate, IssuesURL) by f of it: store/postgres escapes them
// with EscapeText before writing and reverses that with UnescapeText after
// reading.
func (r *SnapshotRow) MapText(f func(string) string) {
	for _, p := range []*string{&r.Rev, &r.Tag, &r.Remote, &r.URLTemplate, &r.IssuesURL} {
		*p = f(*p)
	}
}

// Decode sets the fields of snap the row holds. snap.Repo names the
// snapshot in errors.
func (r *SnapshotRow) Decode(snap *errdex.Snapshot) error {
	snap.Rev, snap.Tag, snap.Remote, snap.URLTemplate, snap.IssuesURL = r.Rev, r.Tag, r.Remote, r.URLTemplate, r.IssuesURL
	var err error
	if snap.RevDate, err = ParseTime(r.RevDate); err != nil {
		return fmt.Errorf("snapshot of %s: revision date: %w", snap.Repo, err)
	}
	if snap.IndexedAt, err = ParseTime(r.IndexedAt); err != nil {
		return fmt.Errorf("snapshot of %s: indexing time: %w", snap.Repo, err)
	}
	if err := DecodeStats([]byte(r.Stats), &snap.Stats); err != nil {
		return fmt.Errorf("snapshot of %s: stats: %w", snap.Repo, err)
	}
	return nil
}
