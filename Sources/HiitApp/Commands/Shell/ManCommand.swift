import CommandLineKit

/// `hiit man`: the manual page hiit(1) in roff, generated from ``CommandTree/root`` (the
/// specification the parser and `--help` use) and the sections below (issue 6).
struct ManCommand: Command {
    static let configuration = CommandConfiguration(
        path: ["man"], abstract: "Write the manual page hiit(1), in roff, to standard output.",
        discussion: "It holds the help of every command, the environment variables, the files, the exit statuses and examples. Read it with 'hiit man | man -l -', or install it as PREFIX/share/man/man1/hiit.1 (see the README's Installing section).")

    func run(_ context: CommandContext) throws -> Int32 {
        context.console.out(ManPage.page(root: CommandTree.root, version: CommandTree.version, sections: Self.manSections)
            .trimmingTrailingNewlines)
        return ExitStatus.success
    }

    // MARK: The manual page's own sections

    /// ENVIRONMENT, FILES, EXIT STATUS and EXAMPLES (DESIGN §3, §6).
    static var manSections: [ManSection] {
        [
            ManSection("ENVIRONMENT", entries: [
                ("XDG_DATA_HOME", "The data folder is $XDG_DATA_HOME/hiit (an absolute path); when it is unset, ~/.local/share/hiit."),
                ("VISUAL, EDITOR", "The editor 'hiit edit' opens: $VISUAL, else $EDITOR, else vi."),
                ("NO_COLOR", "When set and not empty, the timer and the statistics use no colours. Colours are also off when standard output is not a terminal or TERM is dumb."),
                ("TERM", "When it is dumb, the timer draws no full screen: it prints one plain line per segment, as when standard output is not a terminal (the keys still work; q quits at once)."),
                ("COLUMNS", "The width help text is wrapped to, overriding the terminal's width (80 when neither is known); also the width 'hiit list', 'show', 'history' and 'stats' fit their tables to when standard output is not a terminal. Narrower than a table, they leave out its least needed columns."),
                ("LC_ALL, LC_CTYPE, LANG", "When the first of them that is set names no UTF-8 locale (C, POSIX, unset), everything hiit prints is ASCII in the same columns: - for dashes and dots, x for the times sign, ^ and v for arrows, ... for an ellipsis, # for bars. JSON output and the stored files stay UTF-8, and names are printed as they are."),
                ("HIIT_AUDIO_DEVICE", "The ALSA device that plays the cues, as --audio-device sets it (default: 'default'). When it cannot be opened, the timer runs without cues and says so once."),
                ("HIIT_SOUNDS", "A folder of cue sounds to use instead of the bundled ones (start.wav, rest.wav, congratulations.wav, beep.wav, swim.wav, bike.wav, run.wav, transition.wav: 16-bit PCM WAV). When they cannot be read, the timer runs without cues and says so once."),
                ("LC_ALL, LC_TIME, LANG", "The first of them that is set names the locale whose first day of the week 'hiit stats' uses when the profile's first weekday is 'system' (en_US: Sunday; de_DE, en_GB: Monday); C, POSIX or none: Monday."),
                ("TZ", "The time zone sessions are recorded in and statistics are counted in (the system's when unset), in any form the C library reads: a zone name (Europe/Prague, or :Europe/Prague), a zone file (/usr/share/zoneinfo/Asia/Tokyo), or a POSIX rule (CET-1CEST,M3.5.0,M10.5.0/3), which is stored as the fixed offset it gives at the session's start (GMT+0100). A session keeps the zone it was recorded in."),
            ]),
            ManSection("FILES", paragraphs: [
                "Folders are created readable by their owner only (0700) and files 0600: history is health data. Files are replaced by writing a temporary file in the same folder and renaming it; a file that does not parse is never overwritten.",
                "A file whose owner has no write permission (chmod u-w) is never changed, not even by root. A symbolic link is followed: the file it points to is rewritten beside it and the link stays. A FIFO, device or socket where a file belongs is refused by name, never waited on. An append that fails (a full disk) is cut back, so history.jsonl never keeps a torn line.",
            ], entries: [
                ("$XDG_DATA_HOME/hiit/", "The data folder (default ~/.local/share/hiit/)."),
                ("$XDG_DATA_HOME/hiit/workouts/", "The library: one JSON file per workout or multisport plan, named after it. The example workouts are copied here on first use."),
                ("$XDG_DATA_HOME/hiit/history.jsonl", "One completed session per line, a JSON object with sorted keys; written by 'hiit run', read by 'hiit history' and 'hiit stats'."),
                ("$XDG_DATA_HOME/hiit/profile.json", "Weight, first day of the week, units and the selected workout."),
                ("$XDG_DATA_HOME/hiit/cache/", "Data derived from the history to make 'hiit stats' fast; never the source of truth, and safe to delete."),
                ("$XDG_DATA_HOME/hiit/.lock", "Held while the history or the profile is changed, so two hiit processes lose nothing."),
                ("PREFIX/share/hiit/", "Sounds/ (the WAV cues) and workouts/ (the example workouts) of an installed PREFIX/bin/hiit."),
            ]),
            ManSection("EXIT STATUS", entries: [
                ("0", "Success, including a workout quit on purpose (nothing is recorded)."),
                ("64", "Bad usage: an unknown subcommand or option, a bad value, an unknown workout name."),
                ("65", "Bad data in a file: a workout, plan, history or profile file that does not parse."),
                ("74", "A file could not be read or written, or standard output could not be written (a full disk, a closed stdout); a pipe whose reader went away is not an error."),
                ("128+N", "The run was stopped by signal N (130 for Ctrl-C, 131 for SIGQUIT, 143 for SIGTERM); nothing was recorded. The terminal is put back first, whichever signal it was."),
            ]),
            ManSection("EXAMPLES", entries: [
                ("hiit", "Run the selected workout (Tabata, 20 s work and 10 s rest, 8 rounds, when none is selected)."),
                ("hiit run 40/20x10 --prepare 5", "Run a quick workout: 40 s work, 20 s rest, 10 rounds, after a 5 s countdown."),
                ("hiit new \"Leg day\" --exercise \"Squats 40/20x3\" --exercise \"Lunges 30/15x4\"", "Create a workout of two exercises."),
                ("hiit plan new \"Sprint triathlon\" swim:750m t1 bike:20km t2 run:5km --pool 25m", "Create a multisport plan."),
                ("hiit show Tabata --json", "Write a workout's timeline as JSON."),
                ("hiit history --last 5", "List the five newest sessions."),
                ("hiit profile --weight 72.5", "Set the weight used for calorie estimates."),
                ("source <(hiit completions bash)", "Turn on completion in the current bash."),
                ("hiit man | man -l -", "Read this page."),
            ]),
        ]
    }
}
