// Package gitsrc reads git repositories for errdex, without a git binary:
// the metadata a snapshot records (Inspect: HEAD commit, date, tag, remote,
// links to the forge), the files of any revision without checking it out
// (Open, Repo.Resolve, Repo.Files), and gitignore rules (Ignore,
// Location.Rules) for walking a work tree.
//
// It is the home of the go-git dependency: no other package imports
// go-git. go-git's object storage is not safe for concurrent use, so a
// Repo serialises its object reads behind a lock.
//
// Remote URLs are parsed in every form git accepts (ParseRemote) and
// stripped of credentials before they are stored or shown: a snapshot's
// remote is published on the web.
package gitsrc
