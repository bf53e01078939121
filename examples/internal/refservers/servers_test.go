package refservers

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/gen"
	"github.com/toolgen-go/toolgen/internal/testkit/node"
)

// servers are the reference servers testdata/package.json pins, with the
// Go package of their client and their tools.
var servers = []struct {
	name, pkg string
	tools     []string
}{
	{"everything", "everything", []string{"echo", "get-annotated-message", "get-env", "get-resource-links", "get-resource-reference",
		"get-structured-content", "get-sum", "get-tiny-image", "gzip-file-as-resource", "toggle-simulated-logging",
		"toggle-subscriber-updates", "trigger-long-running-operation", "simulate-research-query"}},
	{"memory", "memory", []string{"create_entities", "create_relations", "add_observations", "delete_entities",
		"delete_observations", "delete_relations", "read_graph", "search_nodes", "open_nodes"}},
	{"filesystem", "filesystem", []string{"read_file", "read_text_file", "read_media_file", "read_multiple_files",
		"write_file", "edit_file", "create_directory", "list_directory", "list_directory_with_sizes", "directory_tree",
		"move_file", "search_files", "get_file_info", "list_allowed_directories"}},
	{"sequential-thinking", "sequentialthinking", []string{"sequentialthinking"}},
}

// What the clients of the reference servers cannot say in a Go type: the
// validator checks it.
var serverNotes = map[string][]string{
	"sequential-thinking": {
		`mcp-server-sequential-thinking: note: tool "sequentialthinking": inputSchema/properties/nextThoughtNeeded: a value of several types (boolean, string): json.RawMessage, checked by the validator`,
		`mcp-server-sequential-thinking: note: tool "sequentialthinking": inputSchema/properties/isRevision: a value of several types (boolean, string): json.RawMessage, checked by the validator`,
		`mcp-server-sequential-thinking: note: tool "sequentialthinking": inputSchema/properties/needsMoreThoughts: a value of several types (boolean, string): json.RawMessage, checked by the validator`,
	},
}

// TestReferenceServers asks each reference server for its tools over
// standard input and output, as `toolgen client -from-command` does,
// writes the clients into a module that vets and builds, and runs there
// testdata/live: typed calls through the generated clients to the servers,
// started again.
func TestReferenceServers(t *testing.T) {
	if testing.Short() {
		t.Skip("installs the npm reference servers and builds their clients")
	}
	modules := filepath.Join(node.Install(t, "testdata"), "node_modules")
	nodeBin := node.Node(t)
	// Listing writes nothing, but never into the shared installation.
	t.Setenv("MEMORY_FILE_PATH", filepath.Join(t.TempDir(), "memory.jsonl"))
	dir := newModule(t)
	total := 0
	for _, s := range servers {
		argv := []string{nodeBin, filepath.Join(modules, ".bin", "mcp-server-"+s.name)}
		if s.name == "filesystem" {
			argv = append(argv, t.TempDir()) // the directory it may access
		}
		ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
		tools, err := gen.ListCommand(ctx, argv, "")
		cancel()
		require.NoError(t, err, s.name)
		var list struct{ Tools []struct{ Name string } }
		require.NoError(t, json.Unmarshal(tools, &list))
		var names []string
		for _, tl := range list.Tools {
			names = append(names, tl.Name)
		}
		assert.Equal(t, s.tools, names, s.name)
		total += len(names)
		assert.Equal(t, serverNotes[s.name], generate(t, dir, s.pkg, tools, "mcp-server-"+s.name), s.name)
	}
	assert.Equal(t, 37, total)

	live, err := os.ReadFile(filepath.Join("testdata", "live", "live_test.go"))
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "live"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "live", "live_test.go"), live, 0o644))
	goCmd(t, dir, nil, "vet", "./...")
	goCmd(t, dir, nil, "build", "./...")
	out := goCmd(t, dir, []string{"REFSERVERS_NODE=" + nodeBin, "REFSERVERS_MODULES=" + modules}, "test", "-count=1", "-v", "./live")
	for _, test := range []string{"TestEverything", "TestMemory", "TestFilesystem", "TestSequentialThinking"} {
		assert.Contains(t, out, "--- PASS: "+test+" ", "the live calls ran")
	}
}

// TestReferenceServerOverHTTP asks server-everything for its tools over
// streamable HTTP, as `toolgen client -from-url` does: the same tools as
// over standard input and output.
func TestReferenceServerOverHTTP(t *testing.T) {
	if testing.Short() {
		t.Skip("installs the npm reference servers")
	}
	modules := filepath.Join(node.Install(t, "testdata"), "node_modules")
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	port := strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
	require.NoError(t, l.Close())

	cmd := exec.Command(node.Node(t), filepath.Join(modules, ".bin", "mcp-server-everything"), "streamableHttp")
	cmd.Env = append(os.Environ(), "PORT="+port)
	stderr, err := cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	// It says on standard error when it listens.
	listening := make(chan bool, 1)
	go func() {
		lines := bufio.NewScanner(stderr)
		for lines.Scan() {
			if strings.Contains(lines.Text(), "listening on port "+port) {
				listening <- true
				break
			}
		}
		_, _ = io.Copy(io.Discard, stderr)
	}()
	select {
	case <-listening:
	case <-time.After(time.Minute):
		t.Fatal("server-everything did not listen within a minute")
	}

	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	tools, err := gen.ListURL(ctx, "http://127.0.0.1:"+port+"/mcp", nil)
	require.NoError(t, err)
	var list struct{ Tools []struct{ Name string } }
	require.NoError(t, json.Unmarshal(tools, &list))
	var names []string
	for _, tl := range list.Tools {
		names = append(names, tl.Name)
	}
	assert.Equal(t, servers[0].tools, names)
	assert.Empty(t, generate(t, t.TempDir(), "everything", tools, "http://127.0.0.1/mcp"))
}
