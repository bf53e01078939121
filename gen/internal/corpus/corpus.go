// Package corpus holds the structs of gen/schema_test.go.
//
// The types of corpus.go must get from toolgen exactly the schema
// invopop/jsonschema's Reflector builds with DoNotReference, and those of
// recursive.go the schema it builds with references, once both are expanded.
// So they use no sized integer types, no named string types with constants
// and none of the doc comments that invopop's AddGoComments misses: those are
// toolgen's additions, exercised by the types of additions.go.
package corpus

import (
	"encoding/json"
)

// Scalars has one field of each scalar kind.
//
// Its doc comment has a second paragraph, kept in full.
type Scalars struct {
	// Name is a string.
	Name  string `json:"name"`
	Count int    `json:"count"` // Count is an int, documented by a line comment.
	Big   int64
	Ratio float32 `json:"ratio"`
	Score float64 `json:"score"`
	OK    bool    `json:"ok"`
	// Doc comments win over line comments.
	Both string `json:"both"` // not this one
}

// Names covers json names and the options that drop a field or make it optional.
type Names struct {
	Plain       string
	Renamed     string `json:"renamed"`
	Optional    string `json:"optional,omitempty"`
	Zero        int    `json:"zero,omitzero"`
	Unnamed     string `json:",omitempty"`
	Dashed      string `json:"-"`
	Hidden      string `jsonschema:"-"`
	HiddenAlso  string `json:"hidden_also" jsonschema:"-"`
	DashName    string `json:"-,"`
	unexported  string
	Kebab       string `json:"kebab-case"`
	EmptyTagged string `json:""`
	Other       string `yaml:"other" json:"other_name,omitempty"`
}

var _ = Names{}.unexported

// Numbers covers the numeric keywords on integers and floats.
type Numbers struct {
	Min      int     `json:"min" jsonschema:"minimum=1"`
	Max      int64   `json:"max" jsonschema:"maximum=100"`
	Range    float64 `json:"range" jsonschema:"minimum=-1.5,maximum=1.5"`
	ExclMin  float64 `json:"excl_min" jsonschema:"exclusiveMinimum=0"`
	ExclMax  float32 `json:"excl_max" jsonschema:"exclusiveMaximum=10.25"`
	Multiple int     `json:"multiple" jsonschema:"multipleOf=5"`
	Step     float64 `json:"step" jsonschema:"multipleOf=0.01"`
	All      int     `json:"all" jsonschema:"minimum=0,maximum=1000,exclusiveMaximum=1001,multipleOf=10"`
	Exp      float64 `json:"exp" jsonschema:"maximum=1e6"`
	Ptr      *int    `json:"ptr,omitempty" jsonschema:"minimum=0"`
}

// Enums covers enum on strings, integers and floats, and on array items.
type Enums struct {
	Color  string    `json:"color" jsonschema:"enum=red,enum=green,enum=blue"`
	Level  int       `json:"level" jsonschema:"enum=1,enum=2,enum=3"`
	Factor float64   `json:"factor" jsonschema:"enum=0.5,enum=1,enum=1.5"`
	Tags   []string  `json:"tags" jsonschema:"enum=a,enum=b"`
	Codes  []int     `json:"codes" jsonschema:"enum=200,enum=404"`
	Spaced string    `json:"spaced" jsonschema:"enum=hello world,enum=a\\,b"`
	Ptr    *string   `json:"ptr,omitempty" jsonschema:"enum=x,enum=y"`
	Big    int64     `json:"big" jsonschema:"enum=-9007199254740993"`
	Floats []float64 `json:"floats" jsonschema:"enum=0.25"`
}

// Strings covers the string keywords.
type Strings struct {
	Short   string    `json:"short" jsonschema:"minLength=1,maxLength=10"`
	Code    string    `json:"code" jsonschema:"pattern=^[A-Z]{3}$"`
	Comma   string    `json:"comma" jsonschema:"pattern=^a{1\\,3}$"`
	Equals  string    `json:"equals" jsonschema:"pattern=^a=b$"`
	RO      string    `json:"ro" jsonschema:"readOnly=true"`
	WO      string    `json:"wo" jsonschema:"writeOnly=true"`
	NotRO   string    `json:"not_ro" jsonschema:"readOnly=false"`
	Ptr     *string   `json:"ptr,omitempty" jsonschema:"minLength=2"`
	Zero    string    `json:"zero" jsonschema:"minLength=0"`
	Items   []string  `json:"items" jsonschema:"minLength=1,maxLength=5,pattern=^x"`
	Bounded [2]string `json:"bounded" jsonschema:"maxLength=3"`
}

// Required covers required and nullable.
type Required struct {
	Forced     string   `json:"forced,omitempty" jsonschema:"required"`
	ForcedZero int      `json:"forced_zero,omitzero" jsonschema:"required"`
	Nullable   *string  `json:"nullable" jsonschema:"nullable"`
	NullOpt    *int     `json:"null_opt,omitempty" jsonschema:"nullable,minimum=3"`
	NullDesc   *float64 `json:"null_desc,omitempty" jsonschema:"nullable,description=maybe a number"`
	// NullDoc is documented and nullable.
	NullDoc  []string          `json:"null_doc" jsonschema:"nullable,minItems=1"`
	NullMap  map[string]string `json:"null_map" jsonschema:"required,nullable"`
	Both     string            `json:"both,omitempty" jsonschema:"required,required"`
	NotReq   string            `json:"not_req,omitempty"`
	Embedded Point             `json:"embedded,omitempty" jsonschema:"nullable"`
}

// Annotations covers title, description, default and example.
type Annotations struct {
	Titled    string   `json:"titled" jsonschema:"title=The title"`
	Described string   `json:"described" jsonschema:"description=Says what it is"`
	Both      string   `json:"both" jsonschema:"title=T,description=D"`
	DefStr    string   `json:"def_str" jsonschema:"default=hello"`
	DefInt    int      `json:"def_int" jsonschema:"default=42"`
	DefFloat  float64  `json:"def_float" jsonschema:"default=0.5"`
	DefTrue   bool     `json:"def_true" jsonschema:"default=true"`
	DefFalse  bool     `json:"def_false" jsonschema:"default=false"`
	ExStr     string   `json:"ex_str" jsonschema:"example=one,example=two"`
	ExInt     int      `json:"ex_int" jsonschema:"example=7"`
	ExFloat   float64  `json:"ex_float" jsonschema:"example=2.5,example=3"`
	DefArr    []string `json:"def_arr" jsonschema:"default=a,default=b"`
	DefInts   []int    `json:"def_ints" jsonschema:"default=1"`
	ExArr     []string `json:"ex_arr" jsonschema:"example=x"`
	Escaped   string   `json:"escaped" jsonschema:"title=Hello\\, world,description=a\\, b\\, c,default=x\\,y"`
	TitledObj Point    `json:"titled_obj" jsonschema:"title=A point"`
	// TitledArr has a doc comment too.
	TitledArr []int `json:"titled_arr" jsonschema:"title=Numbers,description=Some numbers"`
	TitledAny any   `json:"titled_any" jsonschema:"title=Anything"`
}

// Descriptions covers where a property's description comes from.
type Descriptions struct {
	// Doc is described by this comment.
	Doc string `json:"doc"`
	// Overridden's comment loses to the jsonschema_description tag.
	Overridden string `json:"overridden" jsonschema_description:"From the tag"`
	// TagWins loses to description= in the jsonschema tag.
	TagWins string `json:"tag_wins" jsonschema_description:"Loses" jsonschema:"description=Wins"`
	Line    string `json:"line"` // Line is described by its line comment.
	// Multi is described
	// over several lines.
	//
	// With a paragraph.
	Multi string `json:"multi"`
	/* Block is a block comment. */
	Block string `json:"block"`
	// A, B share this comment.
	A, B int
	// Point's own type comment gives way to this one.
	Pt Point `json:"pt"`
	// Items of a named struct type keep the type's comment.
	Pts   []Point `json:"pts"`
	NoDoc Point   `json:"no_doc"`
	// TaggedEmpty has an empty jsonschema_description, which lets the comment through.
	TaggedEmpty string `json:"tagged_empty" jsonschema_description:""`
}

// Point is a point in the plane.
type Point struct {
	X float64 `json:"x"` // X is the abscissa.
	Y float64 `json:"y"` // Y is the ordinate.
}

// Arrays covers the array keywords.
type Arrays struct {
	Plain     []string         `json:"plain"`
	Bounded   []int            `json:"bounded" jsonschema:"minItems=1,maxItems=3"`
	Unique    []string         `json:"unique" jsonschema:"uniqueItems=true"`
	Fixed     [3]float64       `json:"fixed"`
	FixedOver [2]string        `json:"fixed_over" jsonschema:"minItems=1"`
	ItemsMin  []int            `json:"items_min" jsonschema:"minimum=0,maximum=9"`
	ItemsNum  []float64        `json:"items_num" jsonschema:"exclusiveMinimum=0,multipleOf=0.5"`
	Nested    [][]string       `json:"nested"`
	Ptrs      []*Point         `json:"ptrs"`
	Structs   []Point          `json:"structs" jsonschema:"minItems=2"`
	Bools     []bool           `json:"bools" jsonschema:"default=true"`
	Anys      []any            `json:"anys,omitempty" jsonschema:"maxItems=4"`
	PtrSlice  *[]string        `json:"ptr_slice,omitempty" jsonschema:"minItems=1,minLength=2"`
	Maps      []map[string]int `json:"maps"`
	Matrix    [2][2]int        `json:"matrix"`
	Mixed     []string         `json:"mixed" jsonschema:"minItems=1,uniqueItems=true,maxLength=8,example=ab,enum=ab,enum=cd"`
}

// Extras covers jsonschema_extras.
type Extras struct {
	Foo      string  `json:"foo" jsonschema_extras:"x-foo=bar"`
	Repeated string  `json:"repeated" jsonschema_extras:"x-tag=a,x-tag=b,x-tag=c"`
	Flag     int     `json:"flag" jsonschema_extras:"x-flag=true"`
	FlagTwo  int     `json:"flag_two" jsonschema_extras:"x-flag=true,x-flag=false"`
	Off      bool    `json:"off" jsonschema_extras:"x-off=false"`
	Escaped  string  `json:"escaped" jsonschema_extras:"x-list=a\\,b\\,c,x-other=d"`
	Equals   string  `json:"equals" jsonschema_extras:"x-expr=a=b"`
	Several  string  `json:"several" jsonschema:"minLength=1" jsonschema_extras:"x-a=1,x-b=2"`
	OnArray  []int   `json:"on_array" jsonschema_extras:"x-unit=items"`
	OnObject Point   `json:"on_object" jsonschema_extras:"x-kind=point"`
	Nullable *string `json:"nullable" jsonschema:"nullable" jsonschema_extras:"x-null=yes"`
	Vendor   string  `json:"vendor" jsonschema_extras:"deprecated=true,x-order=2"`
}

// Nested covers fields of named struct types, through pointers, slices and maps.
type Nested struct {
	Value   Point            `json:"value"`
	Pointer *Point           `json:"pointer,omitempty"`
	PtrPtr  **Point          `json:"ptr_ptr,omitempty"`
	Slice   []Point          `json:"slice"`
	Map     map[string]Point `json:"map"`
	Deep    Outer            `json:"deep"`
	Anon    struct {
		Inner string `json:"inner"`
		Num   int    `json:"num,omitempty"`
	} `json:"anon"`
	AnonPtr *struct {
		Flag bool `json:"flag"`
	} `json:"anon_ptr,omitempty"`
	Empty   struct{}            `json:"empty"`
	Aliased PointAlias          `json:"aliased"`
	Generic Pair[string, Point] `json:"generic"`
}

// PointAlias is an alias of Point.
type PointAlias = Point

// Pair is a generic pair. (See additions.go for doc comments on the fields
// of generic types.)
type Pair[K comparable, V any] struct {
	Key   K `json:"key"`
	Value V `json:"value,omitempty"`
}

// Outer holds a Middle.
type Outer struct {
	Middle Middle `json:"middle"`
	Label  string `json:"label"`
}

// Middle holds Points.
type Middle struct {
	Points []Point            `json:"points"`
	ByName map[string][]Point `json:"by_name"`
}

// Base is embedded by value.
type Base struct {
	// ID identifies the thing.
	ID      string `json:"id"`
	Created int64  `json:"created,omitempty"`
}

// Audit is embedded through a pointer.
type Audit struct {
	By     string `json:"by"` // By is who did it.
	Reason string `json:"reason,omitempty" jsonschema:"maxLength=200"`
}

// Inlined is inlined by its json tag.
type Inlined struct {
	Extra string `json:"extra"`
}

// Deeper is embedded by Base2, itself embedded.
type Deeper struct {
	Depth int `json:"depth"`
}

// Base2 embeds Deeper.
type Base2 struct {
	Deeper
	Level string `json:"level"`
}

// Embedding covers embedded structs (by value and pointer) and json:",inline".
// Tagged is embedded but named by its tag, so it is a property; so is Label,
// which is not a struct.
type Embedding struct {
	Base
	*Audit
	Base2
	In     Inlined `json:",inline"`
	Named  Point   `json:"named"`
	Own    string  `json:"own"`
	Tagged `json:"tagged"`
	Label
	hidden
}

// Tagged is embedded with a json name.
type Tagged struct {
	T string `json:"t"`
}

// Label is an embedded non-struct type: a property named after its type.
type Label string

type hidden struct {
	Visible string `json:"visible"`
	secret  string
}

var _ = hidden{}.secret

// Maps covers map types.
type Maps struct {
	Strings   map[string]string          `json:"strings"`
	Anys      map[string]any             `json:"anys"`
	Ints      map[int]string             `json:"ints"`
	Int64s    map[int64]Point            `json:"int64s"`
	IntAny    map[int]any                `json:"int_any"`
	Points    map[string]Point           `json:"points"`
	PtrVals   map[string]*Point          `json:"ptr_vals"`
	Lists     map[string][]int           `json:"lists"`
	Nested    map[string]map[string]bool `json:"nested"`
	Named     Labels                     `json:"named"`
	ByLabel   map[Label]int              `json:"by_label"`
	Ifaces    map[string]interface{}     `json:"ifaces"`
	Ptr       *map[string]float64        `json:"ptr,omitempty"`
	Raw       map[string]json.RawMessage `json:"raw"`
	Described map[string]string          `json:"described" jsonschema:"description=A map,title=Map"`
}

// Labels is a named map type; its comment describes items that use it.
type Labels map[string]string

// Tags is a named slice type.
type Tags []string

// Bytes covers []byte and json.RawMessage.
type Bytes struct {
	Data     []byte            `json:"data"`
	Limited  []byte            `json:"limited" jsonschema:"minLength=4,maxLength=64"`
	Ptr      *[]byte           `json:"ptr,omitempty"`
	Raw      json.RawMessage   `json:"raw"`
	RawPtr   *json.RawMessage  `json:"raw_ptr,omitempty"`
	RawDesc  json.RawMessage   `json:"raw_desc" jsonschema:"description=Any JSON"`
	Blob     Blob              `json:"blob"`
	Chunks   [][]byte          `json:"chunks"`
	RawSlice []json.RawMessage `json:"raw_slice"`
}

// Blob is a named byte slice: base64 too.
type Blob []byte

// Anys covers fields of any type.
type Anys struct {
	Any      any                    `json:"any"`
	Iface    interface{}            `json:"iface"`
	Nullable any                    `json:"nullable" jsonschema:"nullable"`
	Titled   any                    `json:"titled,omitempty" jsonschema:"title=Anything,description=Goes"`
	List     []any                  `json:"list"`
	Ptr      *any                   `json:"ptr"`
	Map      map[string]interface{} `json:"map"`
	// Documented is any value.
	Documented any `json:"documented"`
}

// Pointers covers pointer fields.
type Pointers struct {
	Str    *string  `json:"str"`
	Int    *int     `json:"int,omitempty"`
	Float  *float64 `json:"float" jsonschema:"maximum=1"`
	Bool   *bool    `json:"bool" jsonschema:"default=false"`
	Struct *Point   `json:"struct"`
	Slice  *[]int   `json:"slice"`
	PtrPtr **string `json:"ptr_ptr"`
}

// NamedTypes covers named non-struct types: the docs of named slices and maps
// describe their schema, while named scalars have none.
type NamedTypes struct {
	Tags    Tags              `json:"tags"`
	Labels  Labels            `json:"labels"`
	Label   Label             `json:"label"`
	Temp    Celsius           `json:"temp" jsonschema:"minimum=-273.15"`
	List    []Tags            `json:"list"`
	ByName  map[string]Labels `json:"by_name"`
	Mode    Mode              `json:"mode" jsonschema:"enum=fast,enum=slow"`
	Count   Count             `json:"count" jsonschema:"maximum=10"`
	Blob    Blob              `json:"blob"`
	Counts  []Count           `json:"counts"`
	TagsPtr *Tags             `json:"tags_ptr,omitempty" jsonschema:"maxItems=2"`
}

// Celsius is a temperature.
type Celsius float64

// Mode is a named string type with no constants, so no derived enum.
type Mode string

// Count is a named int.
type Count int

// Grouped types take the doc comment of their declaration.
type (
	GroupedA struct {
		A string `json:"a"`
	}
	// GroupedB has its own doc comment.
	GroupedB struct {
		B string `json:"b"`
	}
)

// The first exported type without a doc comment of its own takes the
// declaration's.
type (
	// GroupedC has its own doc comment.
	GroupedC struct {
		C string `json:"c"`
	}
	groupedD struct {
		D string `json:"d"`
	}
	GroupedE struct {
		E groupedD `json:"e"`
	}
	GroupedF struct {
		F string `json:"f"`
	}
)

// Deep covers nesting of containers.
type Deep struct {
	Grid    [][]float64                 `json:"grid"`
	Tree    map[string]map[string][]int `json:"tree"`
	Records []map[string]Point          `json:"records"`
	Opt     *[]*Point                   `json:"opt,omitempty"`
	Arr     [2]map[string][]string      `json:"arr"`
}

// Everything combines many keywords on one field each.
type Everything struct {
	Name  string   `json:"name" jsonschema:"title=Name,description=The name,minLength=1,maxLength=64,pattern=^[a-z]+$,default=bob,example=alice,example=carol" jsonschema_extras:"x-order=1"`
	Age   int      `json:"age,omitempty" jsonschema:"required,minimum=0,maximum=150,multipleOf=1,default=30,example=42"`
	Tags  []string `json:"tags,omitempty" jsonschema:"minItems=1,maxItems=10,uniqueItems=true,minLength=2,enum=a1,enum=b2" jsonschema_description:"Tags to set"`
	Ratio *float64 `json:"ratio" jsonschema:"nullable,exclusiveMinimum=0,exclusiveMaximum=1,enum=0.25,enum=0.75,title=Ratio"`
	Sub   Point    `json:"sub" jsonschema:"description=A sub-point" jsonschema_extras:"x-sub=true"`
}

// Shared uses one named type in several places, each inlined.
type Shared struct {
	A Point   `json:"a"`
	B Point   `json:"b" jsonschema:"description=Second"`
	C []Point `json:"c"`
	D *Point  `json:"d" jsonschema:"nullable"`
}

// Empty has no fields.
type Empty struct{}

// OnlyHidden has no visible fields.
type OnlyHidden struct {
	A string `json:"-"`
	b string
}

var _ = OnlyHidden{}.b

// Order checks that properties keep field order, embedded ones in place.
type Order struct {
	Z string `json:"z"`
	Base
	A string `json:"a"`
	*Audit
	M string `json:"m"`
}

// Escapes covers escaped commas in every tag that allows them.
type Escapes struct {
	Pattern string   `json:"pattern" jsonschema:"pattern=^[a-z]{2\\,4}$,minLength=2"`
	Enum    string   `json:"enum" jsonschema:"enum=a\\,b,enum=c"`
	Default string   `json:"default" jsonschema:"default=1\\,2"`
	Example string   `json:"example" jsonschema:"example=x\\,y"`
	Items   []string `json:"items" jsonschema:"pattern=^[0-9]{1\\,2}$"`
	Extra   string   `json:"extra" jsonschema_extras:"x-csv=a\\,b"`
	Title   string   `json:"title" jsonschema:"title=a\\,b"`
}
