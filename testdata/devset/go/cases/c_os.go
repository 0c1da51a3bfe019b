package main

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"testing/fstest"
)

var osCases = []tcase{
	{id: "os.open.missing", err: func() error { _, err := os.Open("/nonexistent/devset/config.toml"); return err }},
	{id: "os.readfile.missing", err: func() error { _, err := os.ReadFile("/etc/devset-missing.json"); return err }},
	{id: "os.stat.missing", err: func() error { _, err := os.Stat("/var/lib/devset/state.db"); return err }},
	{id: "os.lstat.missing", err: func() error { _, err := os.Lstat("/nonexistent/link"); return err }},
	{id: "os.create.missing_dir", err: func() error { _, err := os.Create("/nonexistent/devset/out.log"); return err }},
	{id: "os.openfile.isdir", err: func() error {
		_, err := os.OpenFile(dir("isdir"), os.O_WRONLY, 0)
		return err
	}},
	{id: "os.writefile.proc", err: func() error { return os.WriteFile("/proc/version", []byte("x"), 0o644) }},
	{id: "os.mkdir.exists", err: func() error { return os.Mkdir(dir("exists"), 0o755) }},
	{id: "os.mkdir.missing_parent", err: func() error { return os.Mkdir(filepath.Join(tmp, "a", "b", "c"), 0o755) }},
	{id: "os.remove.notempty", err: func() error {
		d := dir("notempty")
		file("notempty/x.txt", "x")
		return os.Remove(d)
	}},
	{id: "os.remove.missing", err: func() error { return os.Remove(filepath.Join(tmp, "gone.txt")) }},
	{id: "os.readdir.notdir", err: func() error { _, err := os.ReadDir(file("plain.txt", "x")); return err }},
	{id: "os.chdir.missing", err: func() error { return os.Chdir("/nonexistent/devset") }},
	{id: "os.rename.missing", err: func() error {
		return os.Rename(filepath.Join(tmp, "from.txt"), filepath.Join(tmp, "to.txt"))
	}},
	{id: "os.symlink.exists", err: func() error {
		return os.Symlink(file("target.txt", "x"), file("link.txt", "y"))
	}},
	{id: "os.readlink.notlink", err: func() error { _, err := os.Readlink(file("regular.txt", "x")); return err }},
	{id: "os.file.closed", err: func() error {
		f, err := os.Open(file("closed.txt", "x"))
		if err != nil {
			return err
		}
		f.Close()
		_, err = f.Read(make([]byte, 4))
		return err
	}},
	{id: "os.setenv.empty", err: func() error { return os.Setenv("", "x") }},
	{id: "os.truncate.negative", err: func() error { return os.Truncate(file("trunc.txt", "x"), -1) }},
	{id: "os.dirfs.invalid", err: func() error { _, err := fs.ReadFile(os.DirFS(tmp), "/etc/passwd"); return err }},
	{id: "fstest.mapfs.missing", err: func() error { _, err := fs.ReadFile(fstest.MapFS{}, "templates/index.html"); return err }},
	{id: "exec.lookpath.missing", err: func() error { _, err := exec.LookPath("devset-no-such-tool"); return err }},
	{id: "exec.run.missing", err: func() error { return exec.Command("/nonexistent/bin/devset-tool").Run() }},
	{id: "exec.run.exit", err: func() error { return exec.Command("false").Run() }},
	{id: "exec.run.twice", err: func() error {
		cmd := exec.Command("true")
		if err := cmd.Run(); err != nil {
			return err
		}
		return cmd.Run()
	}},
	{id: "user.lookup.unknown", err: func() error { _, err := user.Lookup("devsetnouser"); return err }},
	{id: "os.readfile.wrapped", err: func() error {
		path := "/etc/devset/app.toml"
		if _, err := os.ReadFile(path); err != nil {
			return fmt.Errorf("load config: %w", err)
		}
		return nil
	}},
}
