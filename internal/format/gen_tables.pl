#!/usr/bin/perl
# gen_tables.pl writes idna_tables.go: the IDNA2008 data that Hostname needs to
# check A-labels (xn--...), derived from the Unicode Character Database that
# ships with Perl (Unicode::UCD), following RFC 5892 section 3:
#
#   - idnaPValid: code points whose IDNA2008 derived property is PVALID
#              (RFC 5892 section 3, including the PVALID exceptions of 2.6);
#   - idnaVirama: Canonical_Combining_Class = Virama (9), for CONTEXTJ rules;
#   - joinLD, joinRD, joinT: Joining_Type {L,D}, {R,D} and T, for the
#              ZERO WIDTH NON-JOINER rule (RFC 5892 appendix A.1);
#   - bidiR, bidiAL, bidiAN, bidiEN, bidiNSM, bidiON: Bidi_Class of the
#              PVALID, CONTEXTJ and CONTEXTO code points, for the Bidi rule
#              (RFC 5893 section 2). Every other such code point is L, except
#              HYPHEN-MINUS (ES) and ZWNJ/ZWJ (BN), which the generator checks;
#   - nfcCCC, nfcDecomp, nfcSecond, nfcComp: Canonical_Combining_Class,
#              the canonical decompositions of those code points, and the
#              primary composites, to check that a U-label is in
#              Normalization Form C (RFC 5891 section 5.3).
#
# The Unicode version is the one of the Perl that runs it (recorded in the
# output). Run `perl gen_tables.pl` in this directory (perl >= 5.30, about
# 20 seconds); it is deliberately not a go:generate step, so that CI's
# regeneration check needs no Perl and no particular Unicode version.
use strict;
use warnings;
use Unicode::UCD qw(prop_invlist prop_invmap);
use Unicode::Normalize qw(NFD NFKC isComp2nd getComposite);
use feature 'fc';

my $uver = Unicode::UCD::UnicodeVersion();

sub inlist {    # membership in an inversion list, as a hash for speed
    my %h;
    my @l = @_;
    for (my $i = 0; $i < @l; $i += 2) {
        my $hi = $i + 1 < @l ? $l[$i + 1] - 1 : 0x10FFFF;
        $h{$_} = 1 for $l[$i] .. $hi;
    }
    return \%h;
}

my ($gcl, $gcm) = prop_invmap("General_Category");
my @gc;
for my $i (0 .. $#$gcl) {
    my $hi = $i < $#$gcl ? $gcl->[$i + 1] - 1 : 0x10FFFF;
    $gc[$_] = $gcm->[$i] for $gcl->[$i] .. $hi;
}

my %exc = (
    # RFC 5892 section 2.6, Exceptions (F)
    0x00DF => 'PVALID', 0x03C2 => 'PVALID', 0x06FD => 'PVALID', 0x06FE => 'PVALID',
    0x0F0B => 'PVALID', 0x3007 => 'PVALID',
    0x00B7 => 'CONTEXTO', 0x0375 => 'CONTEXTO', 0x05F3 => 'CONTEXTO', 0x05F4 => 'CONTEXTO',
    0x30FB => 'CONTEXTO',
    0x0640 => 'DISALLOWED', 0x07FA => 'DISALLOWED', 0x302E => 'DISALLOWED', 0x302F => 'DISALLOWED',
    0x3031 => 'DISALLOWED', 0x3032 => 'DISALLOWED', 0x3033 => 'DISALLOWED', 0x3034 => 'DISALLOWED',
    0x3035 => 'DISALLOWED', 0x303B => 'DISALLOWED',
);
$exc{$_} = 'CONTEXTO' for 0x0660 .. 0x0669, 0x06F0 .. 0x06F9;

my $di   = inlist(prop_invlist("Default_Ignorable_Code_Point"));
my $ws   = inlist(prop_invlist("White_Space"));
my $nch  = inlist(prop_invlist("Noncharacter_Code_Point"));
my $blk  = inlist(prop_invlist("Block=Combining_Diacritical_Marks_For_Symbols"));
my $blk2 = inlist(prop_invlist("Block=Musical_Symbols"));
my $blk3 = inlist(prop_invlist("Block=Ancient_Greek_Musical_Notation"));
my $hstL = inlist(prop_invlist("Hangul_Syllable_Type=L"));
my $hstV = inlist(prop_invlist("Hangul_Syllable_Type=V"));
my $hstT = inlist(prop_invlist("Hangul_Syllable_Type=T"));
my %letterdigits = map { $_ => 1 } qw(Ll Lu Lo Nd Lm Mn Mc);

my @pvalid;
my @context;
for my $cp (0 .. 0x10FFFF) {
    my $v;
    if (exists $exc{$cp}) {
        $v = $exc{$cp};
    } elsif ($gc[$cp] eq 'Cn' && !$nch->{$cp}) {
        $v = 'UNASSIGNED';
    } elsif ($cp == 0x2D || ($cp >= 0x30 && $cp <= 0x39) || ($cp >= 0x61 && $cp <= 0x7A)) {
        $v = 'PVALID';
    } elsif ($cp == 0x200C || $cp == 0x200D) {
        $v = 'CONTEXTJ';
    } elsif (!$letterdigits{$gc[$cp]}) {
        # Rules B (Unstable), C, D and I only turn code points DISALLOWED,
        # and rule A needs a letter or digit: anything else is DISALLOWED.
        $v = 'DISALLOWED';
    } else {
        my $c = chr($cp);
        if (NFKC(fc(NFKC($c))) ne $c) {
            $v = 'DISALLOWED';    # B: Unstable
        } elsif ($di->{$cp} || $ws->{$cp} || $nch->{$cp}) {
            $v = 'DISALLOWED';    # C: IgnorableProperties
        } elsif ($blk->{$cp} || $blk2->{$cp} || $blk3->{$cp}) {
            $v = 'DISALLOWED';    # D: IgnorableBlocks
        } elsif ($hstL->{$cp} || $hstV->{$cp} || $hstT->{$cp}) {
            $v = 'DISALLOWED';    # I: OldHangulJamo
        } else {
            $v = 'PVALID';        # A: LetterDigits
        }
    }
    push @pvalid, $cp if $v eq 'PVALID';
    push @context, $cp if $v eq 'CONTEXTO' || $v eq 'CONTEXTJ';
}

sub ranges {    # sorted code points -> [lo, hi] runs
    my @r;
    for my $cp (@_) {
        if (@r && $r[-1][1] + 1 == $cp) { $r[-1][1] = $cp } else { push @r, [$cp, $cp] }
    }
    return @r;
}

sub invlist_cps {
    my @l = @_;
    my @cps;
    for (my $i = 0; $i < @l; $i += 2) {
        my $hi = $i + 1 < @l ? $l[$i + 1] - 1 : 0x10FFFF;
        push @cps, $l[$i] .. $hi;
    }
    return @cps;
}

sub strided {    # [lo, hi] runs -> [lo, hi, stride], folding evenly spaced singletons
    my @out;
    for my $r (@_) {
        my ($lo, $hi) = @$r;
        if ($lo == $hi && @out && $out[-1][2] != 0) {
            my $g = $out[-1];
            my $single = $g->[0] == $g->[1];
            if (($single && ($g->[1] > 0xFFFF) == ($lo > 0xFFFF)) || (!$single && $lo - $g->[1] == $g->[2] && $g->[3])) {
                $g->[2] = $lo - $g->[1] if $single;
                $g->[1] = $lo;
                $g->[3] = 1;
                next;
            }
        }
        # [lo, hi, stride, isStrideGroup]; a multi-code-point run closes grouping
        push @out, [$lo, $hi, $lo == $hi ? 1 : 0, $lo == $hi ? 1 : 0];
    }
    for (@out) { $_->[2] = 1 if $_->[2] == 0 }
    return @out;
}

sub table {    # Go *unicode.RangeTable literal
    my ($name, $doc, @cps) = @_;
    my @r = strided(ranges(@cps));
    my (@r16, @r32);
    my $latin = 0;
    for my $r (@r) {
        if ($r->[1] <= 0xFFFF) { push @r16, $r } elsif ($r->[0] > 0xFFFF) { push @r32, $r }
        else { die "range crosses 0xFFFF with stride" if $r->[2] != 1; push @r16, [$r->[0], 0xFFFF, 1]; push @r32, [0x10000, $r->[1], 1] }
    }
    $latin++ while $latin < @r16 && $r16[$latin][1] <= 0xFF;
    my $s = "// $doc\nvar $name = &unicode.RangeTable{\n";
    if (@r16) {
        $s .= "\tR16: []unicode.Range16{\n";
        $s .= sprintf("\t\t{Lo: 0x%04x, Hi: 0x%04x, Stride: %d},\n", @$_[0..2]) for @r16;
        $s .= "\t},\n";
    }
    if (@r32) {
        $s .= "\tR32: []unicode.Range32{\n";
        $s .= sprintf("\t\t{Lo: 0x%x, Hi: 0x%x, Stride: %d},\n", @$_[0..2]) for @r32;
        $s .= "\t},\n";
    }
    $s .= "\tLatinOffset: $latin,\n" if $latin;
    $s .= "}\n\n";
    return $s;
}

my @virama = invlist_cps(prop_invlist("Canonical_Combining_Class=9"));
my %ld = map { $_ => 1 } invlist_cps(prop_invlist("Joining_Type=L")), invlist_cps(prop_invlist("Joining_Type=D"));
my %rd = map { $_ => 1 } invlist_cps(prop_invlist("Joining_Type=R")), invlist_cps(prop_invlist("Joining_Type=D"));
my @jt = invlist_cps(prop_invlist("Joining_Type=T"));

my ($bcl, $bcm) = prop_invmap("Bidi_Class");
my @bc;
for my $i (0 .. $#$bcl) {
    my $hi = $i < $#$bcl ? $bcl->[$i + 1] - 1 : 0x10FFFF;
    $bc[$_] = $bcm->[$i] for $bcl->[$i] .. $hi;
}
my %bidi;
for my $cp (sort { $a <=> $b } @pvalid, @context) {
    my $c = $bc[$cp];
    if ($c eq 'ES') { die sprintf("unexpected ES %04X", $cp) if $cp != 0x2D; next }
    if ($c eq 'BN') { die sprintf("unexpected BN %04X", $cp) if $cp != 0x200C && $cp != 0x200D; next }
    next if $c eq 'L';
    die sprintf("unexpected Bidi_Class %s for %04X", $c, $cp) unless $c =~ /^(R|AL|AN|EN|NSM|ON)$/;
    push @{ $bidi{$c} }, $cp;
}

# Normalization data: the canonical decompositions (NFD) of the code
# points a U-label may hold, the Canonical_Combining_Class of every code
# point (when not 0), and the primary composites (Hangul syllables aside:
# their conjoining jamo are DISALLOWED, so a U-label cannot compose them).
my %label = map { $_ => 1 } @pvalid, @context;
my ($cccl, $cccm) = prop_invmap("Canonical_Combining_Class");
my @cccRuns;    # [lo, hi, ccc] with ccc != 0
for my $i (0 .. $#$cccl) {
    my $hi = $i < $#$cccl ? $cccl->[$i + 1] - 1 : 0x10FFFF;
    my $v = $cccm->[$i];
    ($v) = Unicode::UCD::prop_value_aliases("ccc", $v) unless $v =~ /^\d+$/;
    ($v) = grep { /^\d+$/ } Unicode::UCD::prop_value_aliases("ccc", $cccm->[$i]) unless $v =~ /^\d+$/;
    die "ccc value $cccm->[$i]" unless defined $v && $v =~ /^\d+$/;
    push @cccRuns, [$cccl->[$i], $hi, $v] if $v != 0;
}
my @decomp;    # [cp, NFD code points...]
for my $cp (sort { $a <=> $b } keys %label) {
    next if $cp >= 0xAC00 && $cp <= 0xD7A3;
    my $d = NFD(chr($cp));
    next if $d eq chr($cp);
    die sprintf("NFD of %04X is longer than 3", $cp) if length($d) > 3;
    push @decomp, [$cp, map { ord } split //, $d];
}
my @second = grep { isComp2nd($_) } 0 .. 0x10FFFF;
# Hostname's NFC quick check relies on this.
{
    my @l = prop_invlist("NFC_Quick_Check=N");
    for (my $i = 0; $i < @l; $i += 2) {
        my $hi = $i + 1 < @l ? $l[$i + 1] - 1 : 0x10FFFF;
        for my $cp ($l[$i] .. $hi) {
            die sprintf("%04X may be in a U-label but is NFC_Quick_Check=No", $cp) if $label{$cp};
        }
    }
}
my @comp;    # [first, second, composite]
for my $a (0 .. 0x10FFFF) {
    next if $a >= 0xD800 && $a <= 0xDFFF || $a >= 0x1100 && $a <= 0x11FF || $a >= 0xAC00 && $a <= 0xD7A3;
    for my $b (@second) {
        my $x = getComposite($a, $b);
        push @comp, [$a, $b, $x] if defined $x;
    }
}

open(my $out, '>', 'idna_tables.go') or die "idna_tables.go: $!";
print $out "// Code generated by `perl gen_tables.pl` from Unicode $uver (Perl $^V); DO NOT EDIT.\n\n";
print $out <<'HEADER';
// This file holds the Unicode data of IDNA2008 that Hostname needs to check
// the U-label behind an A-label (xn--...): the code points whose derived
// property is PVALID (RFC 5892 section 3, with the exceptions of 2.6), the
// Virama and Joining_Type classes its CONTEXTJ rules read (appendix A.1),
// the Bidi_Class of the Bidi rule (RFC 5893 section 2), and the
// Canonical_Combining_Class, decompositions and primary composites that
// tell a label in Normalization Form C (RFC 5891 section 5.3).
//
// gen_tables.pl derives it from the Unicode Character Database that ships
// with Perl (Unicode::UCD, Unicode::Normalize): run `perl gen_tables.pl`
// in this directory to regenerate it, with the Unicode version of that Perl.
// It is not a go:generate step, so that regenerating the repository needs
// no Perl and no particular Unicode version.

HEADER
print $out "package format\n\nimport \"unicode\"\n\n";
print $out "// idnaUnicodeVersion is the Unicode version the IDNA2008 tables were derived from.\n";
print $out "const idnaUnicodeVersion = \"$uver\"\n\n";
print $out table("idnaPValid", "idnaPValid holds the code points whose IDNA2008 derived property (RFC 5892) is PVALID.", @pvalid);
print $out table("idnaVirama", "idnaVirama holds the code points with Canonical_Combining_Class Virama (9).", @virama);
print $out table("joinLD", "joinLD holds the code points with Joining_Type L or D.", sort { $a <=> $b } keys %ld);
print $out table("joinRD", "joinRD holds the code points with Joining_Type R or D.", sort { $a <=> $b } keys %rd);
print $out table("joinT", "joinT holds the code points with Joining_Type T.", @jt);
print $out "// nfcCCC holds the Canonical_Combining_Class of the code points whose class\n// is not 0, as sorted {lo, hi, class} runs.\n";
print $out "var nfcCCC = [...]struct {\n\tlo, hi rune\n\tccc    uint8\n}{\n";
print $out sprintf("\t{0x%04x, 0x%04x, %d},\n", @$_) for @cccRuns;
print $out "}\n\n";
print $out "// nfcDecomp holds the canonical decomposition (NFD) of the PVALID, CONTEXTJ\n// and CONTEXTO code points that have one, Hangul syllables aside, sorted.\n";
print $out "var nfcDecomp = [...]struct {\n\tc rune\n\td [3]rune\n}{\n";
for my $e (@decomp) {
    my ($cp, @d) = @$e;
    push @d, 0 while @d < 3;
    print $out sprintf("\t{0x%04x, [3]rune{0x%04x, 0x%04x, 0x%04x}},\n", $cp, @d);
}
print $out "}\n\n";
print $out table("nfcSecond", "nfcSecond holds the code points that are the second of a primary composite's canonical decomposition.", @second);
print $out "// nfcComp holds the primary composites, Hangul syllables aside, sorted by\n// first<<21 | second.\n";
print $out "var nfcComp = [...]struct {\n\tpair uint64\n\tc    rune\n}{\n";
print $out sprintf("\t{0x%x, 0x%04x},\n", $_->[0] << 21 | $_->[1], $_->[2]) for @comp;
print $out "}\n\n";
for my $c (qw(R AL AN EN NSM ON)) {
    print $out table("bidi$c", "bidi$c holds the PVALID, CONTEXTJ and CONTEXTO code points with Bidi_Class $c.", @{ $bidi{$c} || [] });
}
close($out);
# gofmt: no blank line at the end.
open(my $in, '<', 'idna_tables.go') or die;
my $text = do { local $/; <$in> };
close($in);
$text =~ s/\n+\z/\n/;
open($out, '>', 'idna_tables.go') or die;
print $out $text;
close($out);
