// Package live is copied by TestReferenceServers into the module of the
// reference servers' generated clients: typed calls through them to the
// servers, started over standard input and output with node
// ($REFSERVERS_NODE) from the installed packages ($REFSERVERS_MODULES).
package live

import (
	"encoding/base64"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgen-go/toolgen/runtime/mcptool"
	"github.com/toolgen-go/toolgen/runtime/tool"

	"example.com/refclients/everything"
	"example.com/refclients/filesystem"
	"example.com/refclients/memory"
	"example.com/refclients/sequentialthinking"
)

// connect starts the reference server mcp-server-<name> with args and
// returns a session with it.
func connect(t *testing.T, name string, env []string, args ...string) *mcp.ClientSession {
	t.Helper()
	bin := filepath.Join(os.Getenv("REFSERVERS_MODULES"), ".bin", "mcp-server-"+name)
	cmd := exec.Command(os.Getenv("REFSERVERS_NODE"), append([]string{bin}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	client := mcp.NewClient(&mcp.Implementation{Name: "toolgen-refservers", Version: "v0.0.1"}, nil)
	// server-everything outlives its closed standard input: stopped after a second.
	session, err := client.Connect(t.Context(), &mcp.CommandTransport{Command: cmd, TerminateDuration: time.Second}, nil)
	require.NoError(t, err)
	t.Cleanup(func() { session.Close() })
	return session
}

// text is the text of content, a single text block.
func text(t *testing.T, content []mcp.Content) string {
	t.Helper()
	require.Len(t, content, 1)
	block, ok := content[0].(*mcp.TextContent)
	require.True(t, ok, "%T", content[0])
	return block.Text
}

func ptr[T any](v T) *T { return &v }

func TestEverything(t *testing.T) {
	c := everything.NewClient(connect(t, "everything", nil))
	ctx := t.Context()

	sum, err := c.GetSum(ctx, everything.GetSumArgs{A: 2, B: 3})
	require.NoError(t, err)
	assert.Equal(t, "The sum of 2 and 3 is 5.", text(t, sum))

	weather, err := c.GetStructuredContent(ctx, everything.GetStructuredContentArgs{Location: everything.GetStructuredContentArgsLocationNewYork})
	require.NoError(t, err)
	assert.Equal(t, everything.GetStructuredContentResult{Temperature: 33, Conditions: "Cloudy", Humidity: 82}, weather)

	echo, err := c.Echo(ctx, everything.EchoArgs{Message: "héllo"})
	require.NoError(t, err)
	assert.Equal(t, "Echo: héllo", text(t, echo))

	// The schema's maximum, which no Go type says, refuses the call unsent.
	_, err = c.GetResourceLinks(ctx, everything.GetResourceLinksArgs{Count: ptr(11.0)})
	var invalid *mcptool.ValidationError
	require.ErrorAs(t, err, &invalid)
	assert.False(t, invalid.Result)
	var errs tool.Errors
	require.ErrorAs(t, err, &errs)
	assert.Equal(t, []string{"maximum:count"}, errs.Codes())
}

func TestMemory(t *testing.T) {
	file := filepath.Join(t.TempDir(), "memory.jsonl")
	c := memory.NewClient(connect(t, "memory", []string{"MEMORY_FILE_PATH=" + file}))
	ctx := t.Context()

	created, err := c.CreateEntities(ctx, memory.CreateEntitiesArgs{Entities: []memory.CreateEntitiesArgsEntitiesItem{
		{Name: "Ada", EntityType: "person", Observations: []string{"wrote the first program"}},
		{Name: "Analytical Engine", EntityType: "machine", Observations: []string{"designed by Babbage"}},
	}})
	require.NoError(t, err)
	require.Len(t, created.Entities, 2)
	assert.Equal(t, "Ada", created.Entities[0].Name)
	assert.Equal(t, "machine", created.Entities[1].EntityType)

	related, err := c.CreateRelations(ctx, memory.CreateRelationsArgs{Relations: []memory.CreateRelationsArgsRelationsItem{
		{From: "Ada", To: "Analytical Engine", RelationType: "programmed"},
	}})
	require.NoError(t, err)
	assert.Equal(t, []memory.CreateRelationsResultRelationsItem{{From: "Ada", To: "Analytical Engine", RelationType: "programmed"}}, related.Relations)

	graph, err := c.ReadGraph(ctx, nil)
	require.NoError(t, err)
	assert.Equal(t, []memory.ReadGraphResultEntitiesItem{
		{Name: "Ada", EntityType: "person", Observations: []string{"wrote the first program"}},
		{Name: "Analytical Engine", EntityType: "machine", Observations: []string{"designed by Babbage"}},
	}, graph.Entities)
	assert.Equal(t, []memory.ReadGraphResultRelationsItem{{From: "Ada", To: "Analytical Engine", RelationType: "programmed"}}, graph.Relations)

	found, err := c.SearchNodes(ctx, memory.SearchNodesArgs{Query: "Babbage"})
	require.NoError(t, err)
	require.Len(t, found.Entities, 1)
	assert.Equal(t, "Analytical Engine", found.Entities[0].Name)

	// The server kept what the typed calls sent.
	saved, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Contains(t, string(saved), `"name":"Ada"`)
}

func TestFilesystem(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	outside := filepath.Join(t.TempDir(), "secret.txt")
	require.NoError(t, os.WriteFile(outside, []byte("no"), 0o644))
	c := filesystem.NewClient(connect(t, "filesystem", nil, dir))
	ctx := t.Context()

	allowed, err := c.ListAllowedDirectories(ctx, nil)
	require.NoError(t, err)
	assert.Equal(t, "Allowed directories:\n"+dir, allowed.Content)

	_, err = c.WriteFile(ctx, filesystem.WriteFileArgs{Path: filepath.Join(dir, "notes.txt"), Content: "one\ntwo\nthree\n"})
	require.NoError(t, err)
	read, err := c.ReadTextFile(ctx, filesystem.ReadTextFileArgs{Path: filepath.Join(dir, "notes.txt"), Head: ptr(2.0)})
	require.NoError(t, err)
	assert.Equal(t, "one\ntwo", strings.TrimRight(read.Content, "\n"))

	listed, err := c.ListDirectory(ctx, filesystem.ListDirectoryArgs{Path: dir})
	require.NoError(t, err)
	assert.Equal(t, "[FILE] notes.txt", listed.Content)

	// read_media_file's result is a sum type: an image or audio block, or
	// an embedded resource.
	png := []byte("\x89PNG\r\n\x1a\nnot really")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "logo.png"), png, 0o644))
	media, err := c.ReadMediaFile(ctx, filesystem.ReadMediaFileArgs{Path: filepath.Join(dir, "logo.png")})
	require.NoError(t, err)
	require.Len(t, media.Content, 1)
	require.NotNil(t, media.Content[0].Option1)
	assert.Nil(t, media.Content[0].Resource)
	assert.Equal(t, filesystem.ReadMediaFileResultContentItemOption1TypeImage, media.Content[0].Option1.Type)
	assert.Equal(t, "image/png", media.Content[0].Option1.MimeType)
	assert.Equal(t, base64.StdEncoding.EncodeToString(png), media.Content[0].Option1.Data)
	media, err = c.ReadMediaFile(ctx, filesystem.ReadMediaFileArgs{Path: filepath.Join(dir, "notes.txt")})
	require.NoError(t, err)
	require.Len(t, media.Content, 1)
	require.NotNil(t, media.Content[0].Resource)
	assert.Nil(t, media.Content[0].Option1)
	assert.Equal(t, base64.StdEncoding.EncodeToString([]byte("one\ntwo\nthree\n")), media.Content[0].Resource.Resource.Blob)
	assert.True(t, strings.HasPrefix(media.Content[0].Resource.Resource.URI, "file://"))

	// A path outside the allowed directory: the server's isError result.
	_, err = c.ReadTextFile(ctx, filesystem.ReadTextFileArgs{Path: outside})
	var failed *mcptool.ToolError
	require.ErrorAs(t, err, &failed)
	assert.True(t, failed.Result.IsError)
	assert.Contains(t, text(t, failed.Result.Content), "outside allowed directories")
}

func TestSequentialThinking(t *testing.T) {
	c := sequentialthinking.NewClient(connect(t, "sequential-thinking", nil))
	// nextThoughtNeeded may be a boolean or a string: json.RawMessage.
	step, err := c.Sequentialthinking(t.Context(), sequentialthinking.SequentialthinkingArgs{
		Thought: "first, list the tools", NextThoughtNeeded: json.RawMessage(`true`), ThoughtNumber: 1, TotalThoughts: 2,
	})
	require.NoError(t, err)
	assert.Equal(t, sequentialthinking.SequentialthinkingResult{
		ThoughtNumber: 1, TotalThoughts: 2, NextThoughtNeeded: true, Branches: []string{}, ThoughtHistoryLength: 1,
	}, step)

	// What the type lets through, the validator stops: a number where a
	// boolean or a string belongs.
	_, err = c.Sequentialthinking(t.Context(), sequentialthinking.SequentialthinkingArgs{
		Thought: "second", NextThoughtNeeded: json.RawMessage(`1`), ThoughtNumber: 2, TotalThoughts: 2,
	})
	var errs tool.Errors
	require.ErrorAs(t, err, &errs)
	assert.Equal(t, []string{"type:nextThoughtNeeded"}, errs.Codes())
}
