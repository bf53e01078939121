package main

import (
	"fmt"
	"path"
	"strings"

	"golang.org/x/mod/semver"
)

// versionsFile is the name, at the repository's root, of the file that
// lists the modules and their version.
const versionsFile = "versions.txt"

// versions is what versions.txt says: the version of every module, and the
// directory of each module, slash-separated and relative to the root ("."
// for the root module), in the file's order.
type versions struct {
	Version string
	Modules []string
}

// parseVersions reads versions.txt: lines of "version vX.Y.Z" (once) and
// "module dir", blank lines and # comments.
func parseVersions(data []byte) (*versions, error) {
	var v versions
	seen := map[string]int{}
	for i, line := range strings.Split(string(data), "\n") {
		if j := strings.IndexByte(line, '#'); j >= 0 {
			line = line[:j]
		}
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		errorf := func(format string, args ...any) error {
			return fmt.Errorf("%s:%d: %s", versionsFile, i+1, fmt.Sprintf(format, args...))
		}
		if len(fields) != 2 {
			return nil, errorf("want \"version vX.Y.Z\" or \"module dir\", got %q", strings.TrimSpace(line))
		}
		switch key, val := fields[0], fields[1]; key {
		case "version":
			if v.Version != "" {
				return nil, errorf("a second version line")
			}
			if err := checkVersion(val); err != nil {
				return nil, errorf("%v", err)
			}
			v.Version = val
		case "module":
			if val != path.Clean(val) || path.IsAbs(val) || val == ".." || strings.HasPrefix(val, "../") || strings.Contains(val, `\`) {
				return nil, errorf("module %q: want a clean slash-separated directory inside the repository, such as runtime/mcptool", val)
			}
			if first, ok := seen[val]; ok {
				return nil, errorf("module %s listed again (first on line %d)", val, first)
			}
			seen[val] = i + 1
			v.Modules = append(v.Modules, val)
		default:
			return nil, errorf("unknown keyword %q: want version or module", key)
		}
	}
	if v.Version == "" {
		return nil, fmt.Errorf("%s: no version line", versionsFile)
	}
	if _, ok := seen["."]; !ok {
		return nil, fmt.Errorf("%s: the root module (module .) is not listed", versionsFile)
	}
	return &v, nil
}

// checkVersion accepts the versions a tag can carry for modules without a
// major version suffix: canonical semantic versions of major 0 or 1.
func checkVersion(v string) error {
	if !semver.IsValid(v) || semver.Canonical(v) != v {
		return fmt.Errorf("version %q: want a canonical semantic version such as v0.1.0 or v0.2.0-rc.1", v)
	}
	if m := semver.Major(v); m != "v0" && m != "v1" {
		return fmt.Errorf("version %s: a %s module needs the /%s suffix in its module paths", v, m, m)
	}
	return nil
}

// tag is the Git tag of the module in directory dir at version v.
func tag(dir, v string) string {
	if dir == "." {
		return v
	}
	return dir + "/" + v
}
