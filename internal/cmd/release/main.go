// Command release keeps the go.mod, go.sum and go.work files of the
// repository's modules in step with versions.txt, which lists the modules
// and the one version they are released at, and writes the release of them
// all.
//
// Usage:
//
//	go run ./internal/cmd/release                       # the development form, which main holds
//	go run ./internal/cmd/release [-proxy dir] vX.Y.Z   # the release form, which the tags point at
//
// With no argument it writes the development form: every go.mod requires
// the repository's modules at versions.txt's version and replaces them
// with their directories, and go.work uses every module. With a version,
// which must be versions.txt's, it writes the release form in a work tree
// with nothing else to commit: no replace directive, and go.sum lines for
// the repository's modules hashed from the files the tags will publish. It
// prints the tags to push, one a line: vX.Y.Z for the root module,
// dir/vX.Y.Z for the module in dir. -proxy also writes the released
// modules into a directory laid out as a module proxy, to try the release
// with GOPROXY=file://dir before pushing the tags. Running it twice writes
// nothing the second time. It stops, writing nothing, when a go.mod exists
// that versions.txt does not list, or the reverse.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"path"
	"slices"
	"strings"
	"time"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("release: ")
	dir := flag.String("C", "", "the repository's root `dir`; default: the Git work tree of the current directory")
	proxy := flag.String("proxy", "", "with a version, also write the released modules into `dir`, laid out as a module proxy")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "Usage:\n\tgo run ./internal/cmd/release                      # the development form\n\tgo run ./internal/cmd/release [-proxy dir] vX.Y.Z  # the release form; prints the tags\nFlags:\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() > 1 || *proxy != "" && flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	root := *dir
	if root == "" {
		out, err := git(".", "rev-parse", "--show-toplevel")
		if err != nil {
			log.Fatal(err)
		}
		root = strings.TrimSpace(string(out))
	}
	t, err := gitTree(root)
	if err != nil {
		log.Fatal(err)
	}
	r, err := loadRepo(t)
	if err != nil {
		log.Fatal(err)
	}

	if flag.NArg() == 0 {
		changed, err := r.develop()
		if err != nil {
			log.Fatal(err)
		}
		report(changed, "development form for "+r.versions.Version)
		return
	}

	v := flag.Arg(0)
	if err := checkVersion(v); err != nil {
		log.Fatal(err)
	}
	if v != r.versions.Version {
		log.Fatalf("%s says version %s: set version %s there on main first, and release the commit CI tested (docs/releasing.md)", versionsFile, r.versions.Version, v)
	}
	if err := checkClean(r); err != nil {
		log.Fatal(err)
	}
	changed, published, err := r.release()
	if err != nil {
		log.Fatal(err)
	}
	report(changed, "release form for "+v)
	if *proxy != "" {
		now := time.Now()
		for _, m := range r.modules {
			if err := writeProxy(*proxy, published[m], now); err != nil {
				log.Fatal(err)
			}
		}
		log.Printf("module proxy of the release in %s", *proxy)
	}
	log.Printf("commit the release form, tag that commit with each tag below and push the tags")
	for _, m := range r.modules {
		fmt.Println(tag(m.dir, v))
	}
}

// report says on standard error which files changed, or that none did.
func report(changed []string, form string) {
	if len(changed) == 0 {
		log.Printf("every go.mod, go.sum and go.work is in the %s", form)
		return
	}
	for _, name := range changed {
		log.Printf("wrote %s (%s)", name, form)
	}
}

// checkClean refuses a work tree with changes other than the release's own
// files, so that the hashes the release writes in go.sum are those of the
// commit the tags will point at.
func checkClean(r *repo) error {
	out, err := git(r.tree.root, "status", "--porcelain", "-z", "--untracked-files=all")
	if err != nil {
		return err
	}
	own := map[string]bool{}
	for _, m := range r.modules {
		own[m.file("go.mod")], own[m.file("go.sum")] = true, true
	}
	var other []string
	entries := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	for i := 0; i < len(entries); i++ {
		e := entries[i]
		if len(e) < 4 {
			continue
		}
		if e[0] == 'R' || e[0] == 'C' {
			i++ // the entry's source path follows it
		}
		if name := path.Clean(e[3:]); !own[name] {
			other = append(other, name)
		}
	}
	if len(other) > 0 {
		slices.Sort(other)
		return fmt.Errorf("the work tree has changes to commit or remove first, so that the go.sum hashes are those of the tagged commit:\n\t%s", strings.Join(other, "\n\t"))
	}
	return nil
}
