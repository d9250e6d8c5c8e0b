#!/bin/sh
# make-sounds.sh — regenerate the cue sounds of hiit (DESIGN §7).
#
# Usage:   Sounds/make-sounds.sh            (from anywhere; writes beside this script)
# Needs:   espeak-ng (the voice) and sox (the tone, trimming, format conversion).
#          On Debian: apt-get install espeak-ng sox
#
# Every file is a 16-bit signed PCM WAV, mono, 22050 Hz, named after its cue
# (SessionEngine's `Cue` raw value + ".wav"):
#   start.wav            voice "Start"            (work segment begins)
#   rest.wav             voice "Rest"             (rest begins)
#   congratulations.wav  voice "Congratulations!" (workout complete)
#   beep.wav             880 Hz sine, 150 ms, 5 ms fades in and out (3-2-1 count)
#   swim.wav, bike.wav, run.wav, transition.wav   voice, when a multisport leg starts
#   halfway.wav, lastRound.wav, warmUp.wav, coolDown.wav   voice "Half way", "Last round",
#                        "Warm up", "Cool down": spoken cues whose English words are fixed, so
#                        that a run in English needs espeak-ng only for exercise names (#16)
#
# Voice cues: espeak-ng speaks the text (English voice, a little slower than its default),
# sox trims leading and trailing silence, normalises to -1 dBFS, adds 5 ms / 20 ms fades so
# nothing clicks, and writes the common format. To add a cue (say a sport), add a line to
# the list at the bottom and a case to `Cue`; AudioCues loads one file per `Cue` case.
#
# sox runs with -R -D (repeatable, no dither), so every run gives the same bytes for a given
# espeak-ng and sox version; the committed files were made with espeak-ng 1.51 and SoX 14.4.2.
set -eu

here=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
rate=22050
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

for tool in espeak-ng sox; do
    command -v "$tool" >/dev/null 2>&1 || { echo "make-sounds.sh: $tool is not installed" >&2; exit 1; }
done

# speak NAME TEXT — a voice cue NAME.wav saying TEXT.
speak() {
    espeak-ng -v en-us -s 150 -w "$work/$1.raw.wav" "$2"
    # Trim first (into a file, so the length is known), then normalise and fade.
    sox -R -D "$work/$1.raw.wav" "$work/$1.trimmed.wav" \
        silence 1 0.02 0.5% reverse silence 1 0.02 0.5% reverse
    sox -R -D "$work/$1.trimmed.wav" -b 16 -e signed-integer -c 1 -r "$rate" "$here/$1.wav" \
        norm -1 fade t 0.005 -0 0.02
}

# tone NAME FREQUENCY SECONDS — a sine tone NAME.wav.
tone() {
    sox -R -D -n -b 16 -e signed-integer -c 1 -r "$rate" "$here/$1.wav" \
        synth "$3" sine "$2" vol 0.7 fade t 0.005 -0 0.005
}

speak start "Start"
speak rest "Rest"
speak congratulations "Congratulations!"
tone beep 880 0.15
speak swim "Swim"
speak bike "Bike"
speak run "Run"
speak transition "Transition"
speak halfway "Half way"
speak lastRound "Last round"
speak warmUp "Warm up"
speak coolDown "Cool down"

echo "make-sounds.sh: wrote start rest congratulations beep swim bike run transition halfway lastRound warmUp coolDown (.wav) to $here"
