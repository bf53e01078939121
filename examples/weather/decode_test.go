package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/testkit/race"
	"github.com/toolgen-go/toolgen/runtime/tool"
)

// checkDecode requires that decode reads every map of the corpus that the
// validator accepts into the struct encoding/json makes of the same JSON,
// from the map as it is and from the map tool.ParseArgs reads of that JSON.
// It returns how many maps were valid.
func checkDecode[T any](t *testing.T, validate func(map[string]any) tool.Errors, decode func(map[string]any) (T, tool.Errors), corpus []map[string]any) int {
	t.Helper()
	valid := 0
	for _, args := range corpus {
		if validate(args) != nil {
			_, errs := decode(args)
			require.Equal(t, validate(args), errs, "DecodeT reports the validator's errors")
			continue
		}
		valid++
		data, err := json.Marshal(args)
		require.NoError(t, err)
		var want T
		require.NoError(t, json.Unmarshal(data, &want), "%s", data)
		got, errs := decode(args)
		require.Empty(t, errs, "%s", data)
		require.Equal(t, want, got, "%s", data)

		parsed, errs := tool.ParseArgs(data)
		require.Empty(t, errs, "%s", data)
		got, errs = decode(parsed)
		require.Empty(t, errs, "%s", data)
		require.Equal(t, want, got, "json.Number map: %s", data)
	}
	return valid
}

func TestDecodeCorpus(t *testing.T) {
	n := checkDecode(t, ValidateGetWeatherArgs, DecodeGetWeatherArgs, diffCorpus("get_weather"))
	assert.Greater(t, n, 1000, "valid get_weather maps")
	n = checkDecode(t, ValidateCurrentWeatherArgs, DecodeCurrentWeatherArgs, diffCorpus("current_weather"))
	assert.Greater(t, n, 1000, "valid current_weather maps")
	n = checkDecode(t, ValidateAddArgs, DecodeAddArgs, diffCorpus("add"))
	assert.Greater(t, n, 1000, "valid add maps")
}

func TestDecodeValidCall(t *testing.T) {
	got, errs := GetWeatherTool.Decode(benchValidArgs(t))
	require.Empty(t, errs)
	assert.Equal(t, GetWeatherArgs{City: "Paris", Days: 3, Units: Celsius, IncludeHourly: true,
		Coords: &Coords{Lat: 48.8566, Lon: 2.3522}, Tags: []string{"trip", "weekend_2"}}, got)
	_, errs = GetWeatherTool.Decode(benchInvalidArgs(t))
	assert.Len(t, errs, 8)
}

var (
	weatherSink GetWeatherArgs
	addSink     AddArgs
)

// TestDecodeAllocations: DecodeT allocates the struct's own pointer and
// slice, and nothing else.
func TestDecodeAllocations(t *testing.T) {
	race.SkipAllocs(t)
	for _, args := range []map[string]any{benchValidArgs(t), mustParse(t, benchValidJSON)} {
		baseline := testing.AllocsPerRun(200, func() {
			weatherSink = GetWeatherArgs{Coords: new(Coords), Tags: make([]string, 2)}
		})
		assert.Equal(t, 2.0, baseline)
		assert.Equal(t, baseline, testing.AllocsPerRun(200, func() { weatherSink, _ = DecodeGetWeatherArgs(args) }))
	}
	for _, doc := range []string{`{"city": "Paris", "days": 3, "units": "f", "include_hourly": false}`, `{"a": 2, "b": 3.5}`} {
		for _, args := range []map[string]any{benchDecode(t, doc), mustParse(t, doc)} {
			if _, ok := args["a"]; ok {
				assert.Zero(t, testing.AllocsPerRun(200, func() { addSink, _ = DecodeAddArgs(args) }), doc)
			} else {
				assert.Zero(t, testing.AllocsPerRun(200, func() { weatherSink, _ = DecodeGetWeatherArgs(args) }), doc)
			}
		}
	}
}

func mustParse(t testing.TB, doc string) map[string]any {
	t.Helper()
	args, errs := tool.ParseArgs([]byte(doc))
	require.Empty(t, errs)
	return args
}

// BenchmarkDecode compares DecodeT with what an application does without
// it: validate, then encode the map and decode the JSON into the struct.
func BenchmarkDecode(b *testing.B) {
	for _, src := range []struct {
		name string
		args map[string]any
	}{
		{"float64", benchValidArgs(b)},
		{"jsonnumber", mustParse(b, benchValidJSON)},
	} {
		args := src.args
		b.Run("impl=DecodeT/args="+src.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				weatherSink, _ = DecodeGetWeatherArgs(args)
			}
		})
		b.Run("impl=ValidateMarshalUnmarshal/args="+src.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if errs := ValidateGetWeatherArgs(args); errs != nil {
					b.Fatal(errs)
				}
				data, err := json.Marshal(args)
				if err != nil {
					b.Fatal(err)
				}
				var v GetWeatherArgs
				if err := json.Unmarshal(data, &v); err != nil {
					b.Fatal(err)
				}
				weatherSink = v
			}
		})
	}
}
