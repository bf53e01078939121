package main

import (
	"context"
	"encoding/json"
	"log/slog"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/testkit/race"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// TestDecodeCorpus: for random valid calls of every tool, DecodeT makes the
// struct encoding/json makes of the same JSON, from encoding/json's map and
// from tool.ParseArgs's.
func TestDecodeCorpus(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	coordinate := func() float64 {
		switch r.IntN(4) {
		case 0:
			return float64(r.IntN(11))
		case 1:
			return 10
		}
		return r.Float64() * 10
	}
	for range 3000 {
		docs := map[string]string{
			"move_to":     `{"x": ` + num(coordinate()) + `, "y": ` + num(coordinate()) + `, "speed": ` + num(coordinate()/10) + `}`,
			"open_door":   `{"door": ` + strconv.Quote(strconv.Itoa(r.IntN(1000))+"é\u2028") + `}`,
			"get_battery": `{}`,
		}
		check(t, DecodeMoveToArgs, docs["move_to"])
		check(t, DecodeOpenDoorArgs, docs["open_door"])
		check(t, DecodeGetBatteryArgs, docs["get_battery"])
	}
}

func num(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

func check[T any](t *testing.T, decode func(map[string]any) (T, tool.Errors), doc string) {
	t.Helper()
	var want T
	require.NoError(t, json.Unmarshal([]byte(doc), &want))
	var floats map[string]any
	require.NoError(t, json.Unmarshal([]byte(doc), &floats))
	parsed, errs := tool.ParseArgs([]byte(doc))
	require.Empty(t, errs)
	for _, args := range []map[string]any{floats, parsed} {
		got, errs := decode(args)
		require.Empty(t, errs, doc)
		require.Equal(t, want, got, doc)
	}
}

var moveSink MoveToArgs

func TestDecodeAllocations(t *testing.T) {
	race.SkipAllocs(t)
	args, _ := tool.ParseArgs([]byte(`{"x": 3, "y": 4, "speed": 0.5}`))
	assert.Zero(t, testing.AllocsPerRun(200, func() { moveSink, _ = DecodeMoveToArgs(args) }))
	var floats map[string]any
	require.NoError(t, json.Unmarshal([]byte(`{"x": 3, "y": 4, "speed": 0.5}`), &floats))
	assert.Zero(t, testing.AllocsPerRun(200, func() { moveSink, _ = DecodeMoveToArgs(floats) }))
}

func BenchmarkDecode(b *testing.B) {
	args, _ := tool.ParseArgs([]byte(`{"x": 3, "y": 4, "speed": 0.5}`))
	b.Run("impl=DecodeT", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			moveSink, _ = DecodeMoveToArgs(args)
		}
	})
	b.Run("impl=ValidateMarshalUnmarshal", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if errs := ValidateMoveToArgs(args); errs != nil {
				b.Fatal(errs)
			}
			data, _ := json.Marshal(args)
			var v MoveToArgs
			if err := json.Unmarshal(data, &v); err != nil {
				b.Fatal(err)
			}
			moveSink = v
		}
	})
}

// BenchmarkCall measures a whole call through the set: parse, validate,
// decode, policies, execution in its own goroutine, audit record (to a
// discarding logger).
func BenchmarkCall(b *testing.B) {
	robot := NewRobot()
	set := robot.NewSet(slog.New(slog.DiscardHandler))
	args := []byte(`{"x": 3, "y": 4, "speed": 0.5}`)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if res := set.Call(ctx, "move_to", args); res.Status != tool.StatusExecuted {
			b.Fatal(res.Errors)
		}
		robot.mu.Lock()
		robot.executed = robot.executed[:0]
		robot.mu.Unlock()
	}
}
