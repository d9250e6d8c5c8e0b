// MARK: - Shell completion scripts

/// The shells `hiit completions` writes a script for.
public enum CompletionShell: String, CaseIterable, Sendable {
    /// GNU bash 4.3 or later (with or without the bash-completion package).
    case bash
    /// zsh 5 with `compinit`.
    case zsh
    /// fish 3.
    case fish

    /// Where a system-wide install puts the script, below `PREFIX/share/`.
    public var installPath: String {
        switch self {
        case .bash: "bash-completion/completions/hiit"
        case .zsh: "zsh/site-functions/_hiit"
        case .fish: "fish/vendor_completions.d/hiit.fish"
        }
    }
}

/// Completion scripts for bash, zsh and fish, generated from the command tree.
///
/// Each script holds the ``CompletionTable`` of the tree and a small interpreter in the
/// shell's own language that does what the parser does (``CommandSpec/bind(_:)``): it walks
/// the words before the cursor, following subcommands while no positional word has been
/// seen, skipping option values (`--prepare 5`, `-e X`, `--units=metric`) and stopping at
/// `--`; then it offers, for the word under the cursor, the value of the option before it,
/// the options of the command reached (when the word starts with `-`), its subcommands, and
/// the values of the positional argument at that position. Workout names come from
/// `hiit list --names`, run with the command word as typed (so `./hiit` or a path works),
/// and are inserted quoted by the shell when they hold spaces.
public enum CompletionScript {
    /// The script for `shell`.
    /// - Parameters:
    ///   - shell: which shell.
    ///   - root: the command tree's root (named `hiit`).
    ///   - rules: what option values and arguments complete to.
    ///   - version: the program's version, named in the script's first comment.
    /// - Returns: the script, ending with a newline.
    public static func script(for shell: CompletionShell, root: CommandSpec, rules: CompletionRules, version: String) -> String {
        let table = CompletionTable.lines(root: root, rules: rules)
        switch shell {
        case .bash: return bash(table: table, name: root.name, version: version)
        case .zsh: return zsh(table: table, name: root.name, version: version)
        case .fish: return fish(table: table, name: root.name, version: version)
        }
    }

    /// The heredoc terminator that ends the table in the bash and zsh scripts.
    private static let tableEnd = "HIIT_COMPLETION_TABLE"

    /// The part the bash and zsh scripts share: the table in a heredoc, and the functions that
    /// look a word up in it (`_hiit_find`, `_hiit_argument`), written in the syntax both
    /// shells read.
    private static func tableAndLookups(_ table: [String]) -> String {
        """
        # One line per subcommand, option and argument: kind, command path, word, value, description.
        IFS= read -r -d '' _hiit_table <<'\(tableEnd)' || true
        \(table.joined(separator: "\n"))
        \(tableEnd)

        # _hiit_find KIND PATH WORD: sets _hiit_found to the fourth field of the matching line.
        _hiit_find() {
            _hiit_found=
            local k p w v d
            while IFS=$'\\t' read -r k p w v d; do
                if [[ $k == "$1" && $p == "$2" && $w == "$3" ]]; then
                    _hiit_found=$v
                    return 0
                fi
            done <<< "$_hiit_table"
            return 1
        }

        # _hiit_argument PATH N: sets _hiit_found to what the N-th positional word completes to.
        _hiit_argument() {
            _hiit_found=
            local k p w v d
            while IFS=$'\\t' read -r k p w v d; do
                [[ $k == arg && $p == "$1" ]] || continue
                if [[ $w == "$2" ]] || { [[ $w == *+ ]] && (( ${w%+} <= $2 )); }; then
                    _hiit_found=$v
                    return 0
                fi
            done <<< "$_hiit_table"
            return 1
        }
        """
    }

    // MARK: bash

    private static func bash(table: [String], name: String, version: String) -> String {
        """
        # bash completion for \(name) \(version), written by '\(name) completions bash'.
        # Install it as PREFIX/share/bash-completion/completions/\(name), or for yourself add
        #   source <(\(name) completions bash)
        # to ~/.bashrc. Workout names are read from your library with '\(name) list --names'.

        \(tableAndLookups(table))

        # _hiit_words KIND PATH PREFIX: adds the words of PATH's KIND lines that start with PREFIX.
        _hiit_words() {
            local k p w v d
            while IFS=$'\\t' read -r k p w v d; do
                [[ $k == "$1" && $p == "$2" && $w == "$3"* ]] && COMPREPLY+=("$w")
            done <<< "$_hiit_table"
        }

        # _hiit_dequote WORD: sets _hiit_word to WORD without the shell's quoting.
        _hiit_dequote() {
            local in=$1 out= i c
            case $in in
                \\'*) _hiit_word=${in#\\'}; _hiit_word=${_hiit_word%\\'}; return ;;
                \\"*) in=${in#\\"}; in=${in%\\"} ;;
            esac
            for (( i = 0; i < ${#in}; i++ )); do
                c=${in:i:1}
                if [[ $c == \\\\ ]]; then
                    (( i++ ))
                    c=${in:i:1}
                fi
                out+=$c
            done
            _hiit_word=$out
        }

        # _hiit_lines PREFIX TEXT [any-case]: adds the lines of TEXT that start with PREFIX,
        # in any case when a third word is given (workout names are case-insensitive).
        _hiit_lines() {
            local line
            while IFS= read -r line; do
                [[ -n $line ]] || continue
                if [[ -n $3 ]]; then
                    [[ ${line,,} == "${1,,}"* ]] && COMPREPLY+=("$line")
                else
                    [[ $line == "$1"* ]] && COMPREPLY+=("$line")
                fi
            done <<< "$2"
        }

        # _hiit_values KIND PREFIX: adds the values of an option or argument that start with PREFIX.
        _hiit_values() {
            local kind=$1 cur=$2 value program
            case $kind in
                choice=*)
                    local IFS=,
                    for value in ${kind#choice=}; do
                        [[ $value == "$cur"* ]] && COMPREPLY+=("$value")
                    done
                    ;;
                files)
                    compopt -o filenames 2>/dev/null
                    _hiit_lines "$cur" "$(compgen -f -- "$cur")"
                    ;;
                dirs)
                    compopt -o filenames 2>/dev/null
                    _hiit_lines "$cur" "$(compgen -d -- "$cur")"
                    ;;
                workouts)
                    compopt -o filenames 2>/dev/null
                    if [[ $cur == */* ]]; then
                        _hiit_lines "$cur" "$(compgen -f -- "$cur")"
                        return
                    fi
                    program=${COMP_WORDS[0]}
                    [[ $program == '~/'* ]] && program=$HOME/${program#'~/'}
                    _hiit_lines "$cur" "$(command "$program" list --names 2>/dev/null)" any-case
                    ;;
            esac
        }

        _hiit() {
            COMPREPLY=()
            local -a ws=()
            local j w glue=
            # bash splits --option=value at '='; put such words back together.
            for (( j = 1; j <= COMP_CWORD; j++ )); do
                w=${COMP_WORDS[j]}
                if [[ -n $glue ]]; then
                    ws[${#ws[@]}-1]+=$w
                    glue=
                elif [[ $w == = && ${#ws[@]} -gt 0 && ${ws[${#ws[@]}-1]} == --* && ${ws[${#ws[@]}-1]} != *=* ]]; then
                    ws[${#ws[@]}-1]+==
                    glue=1
                else
                    ws+=("$w")
                fi
            done
            (( ${#ws[@]} > 0 )) || ws=("")
            local cur=${ws[${#ws[@]}-1]}
            unset 'ws[${#ws[@]}-1]'

            local cmdpath=\(name) n=0 pending= dashdash= helpmode= k
            \(wordWalk(name: name, letters: "k = 1; k < ${#w}; k++", letter: "${w:k:1}", isLast: "k == ${#w} - 1"))

            if [[ -n $pending ]]; then
                _hiit_dequote "$cur"
                _hiit_values "$pending" "$_hiit_word"
                return 0
            fi
            if [[ -z $dashdash && $cur == --*=* ]]; then
                local option=${cur%%=*}
                _hiit_find opt "$cmdpath" "$option" || return 0
                _hiit_dequote "${cur#*=}"
                _hiit_values "$_hiit_found" "$_hiit_word"
                if [[ $COMP_WORDBREAKS != *=* ]]; then
                    for (( j = 0; j < ${#COMPREPLY[@]}; j++ )); do
                        COMPREPLY[j]=$option=${COMPREPLY[j]}
                    done
                fi
                return 0
            fi
            if [[ -z $dashdash && -z $helpmode && $cur == -* ]]; then
                _hiit_words opt "$cmdpath" "$cur"
                return 0
            fi
            _hiit_dequote "$cur"
            if (( n == 0 )); then
                _hiit_words sub "$cmdpath" "$_hiit_word"
            fi
            [[ -n $helpmode ]] && return 0
            if _hiit_argument "$cmdpath" "$n"; then
                _hiit_values "$_hiit_found" "$_hiit_word"
            fi
            return 0
        }

        complete -F _hiit \(name)

        """
    }

    /// The loop of `_hiit` that walks the words before the cursor, the same in bash and zsh:
    /// it follows subcommands into `cmdpath`, counts positional words in `n`, and notes an
    /// option still waiting for its value (`pending`), `--` and `hiit help`. Only the walk over
    /// a group of short letters (`-ab`) differs: bash numbers a word's letters from 0, zsh from 1.
    /// - Parameters:
    ///   - name: the program's name.
    ///   - letters: the `for (( … ))` header over the letters after the dash.
    ///   - letter: the letter at `k`.
    ///   - isLast: whether `k` is the last letter.
    /// - Returns: the loop, its first line unindented and the others indented for `_hiit`'s body.
    private static func wordWalk(name: String, letters: String, letter: String, isLast: String) -> String {
        let loop = """
            for w in "${ws[@]}"; do
                if [[ -n $pending ]]; then
                    pending=
                elif [[ -z $dashdash && $w == -- ]]; then
                    dashdash=1
                elif [[ -z $dashdash && $w == --* ]]; then
                    [[ $w == *=* ]] && continue
                    if _hiit_find opt "$cmdpath" "$w" && [[ $_hiit_found != flag ]]; then
                        pending=$_hiit_found
                    fi
                elif [[ -z $dashdash && $w == -?* ]]; then
                    for (( \(letters) )); do
                        if _hiit_find opt "$cmdpath" "-\(letter)" && [[ $_hiit_found != flag ]]; then
                            (( \(isLast) )) && pending=$_hiit_found
                            break
                        fi
                    done
                elif [[ $cmdpath == \(name) && $n -eq 0 && -z $helpmode && $w == help ]]; then
                    helpmode=1
                elif (( n == 0 )) && _hiit_find sub "$cmdpath" "$w"; then
                    cmdpath+=" $w"
                else
                    (( n++ ))
                fi
            done
            """
        return loop.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n    ")
    }

    // MARK: zsh

    private static func zsh(table: [String], name: String, version: String) -> String {
        """
        #compdef \(name)
        # zsh completion for \(name) \(version), written by '\(name) completions zsh'.
        # Install it as _\(name) in a folder of $fpath (PREFIX/share/zsh/site-functions), or for
        # yourself add 'source <(\(name) completions zsh)' to ~/.zshrc after compinit.
        # Workout names are read from your library with '\(name) list --names'.

        \(tableAndLookups(table))

        # _hiit_describe KIND PATH TAG: offers PATH's KIND lines with their descriptions.
        _hiit_describe() {
            local k p w v d
            local -a entries
            while IFS=$'\\t' read -r k p w v d; do
                [[ $k == "$1" && $p == "$2" ]] || continue
                [[ $k == sub ]] && d=$v
                entries+=("${w//:/\\\\:}:$d")
            done <<< "$_hiit_table"
            (( ${#entries} )) && _describe -t "$3" "$3" entries
        }

        # _hiit_values KIND: offers the values of an option or argument.
        _hiit_values() {
            local kind=$1 program
            local -a values
            case $kind in
                choice=*)
                    values=(${(s:,:)${kind#choice=}})
                    compadd -a values
                    ;;
                files) _files ;;
                dirs) _files -/ ;;
                workouts)
                    if [[ $PREFIX == */* ]]; then
                        _files
                        return
                    fi
                    program=${words[1]}
                    [[ $program == '~/'* ]] && program=$HOME/${program#'~/'}
                    values=(${(f)"$(command $program list --names 2>/dev/null)"})
                    # Names are case-insensitive: 'legs' finds 'Leg day'.
                    compadd -M 'm:{[:lower:][:upper:]}={[:upper:][:lower:]}' -a values
                    ;;
            esac
        }

        _hiit() {
            local cmdpath=\(name) n=0 pending= dashdash= helpmode= w k
            local -a ws
            ws=("${(@)words[2,CURRENT-1]}")
            \(wordWalk(name: name, letters: "k = 2; k <= ${#w}; k++", letter: "${w[k]}", isLast: "k == ${#w}"))

            local cur=${words[CURRENT]}
            if [[ -n $pending ]]; then
                _hiit_values "$pending"
                return
            fi
            if [[ -z $dashdash && $cur == --*=* ]]; then
                _hiit_find opt "$cmdpath" "${cur%%=*}" || return 1
                compset -P '*='
                _hiit_values "$_hiit_found"
                return
            fi
            if [[ -z $dashdash && -z $helpmode && $cur == -* ]]; then
                _hiit_describe opt "$cmdpath" option
                return
            fi
            if (( n == 0 )); then
                _hiit_describe sub "$cmdpath" subcommand
            fi
            [[ -n $helpmode ]] && return
            if _hiit_argument "$cmdpath" "$n"; then
                _hiit_values "$_hiit_found"
            fi
        }

        if [[ $funcstack[1] == _hiit ]]; then
            _hiit "$@"
        else
            compdef _hiit \(name)
        fi

        """
    }

    // MARK: fish

    private static func fish(table: [String], name: String, version: String) -> String {
        let quoted = table.map { "    " + fishQuoted($0) + " \\" }.joined(separator: "\n")
        return """
        # fish completion for \(name) \(version), written by '\(name) completions fish'.
        # Install it as PREFIX/share/fish/vendor_completions.d/\(name).fish, or for yourself as
        # ~/.config/fish/completions/\(name).fish. Workout names are read from your library with
        # '\(name) list --names'.

        # One line per subcommand, option and argument: kind, command path, word, value, description.
        set -g __hiit_table \\
        \(quoted)
            ''

        # __hiit_find KIND PATH WORD: sets __hiit_found to the fourth field of the matching line.
        function __hiit_find --argument-names kind cmdpath word
            for line in $__hiit_table
                set -l f (string split \\t -- $line)
                if test "x$f[1]" = "x$kind" -a "x$f[2]" = "x$cmdpath" -a "x$f[3]" = "x$word"
                    set -g __hiit_found $f[4]
                    return 0
                end
            end
            return 1
        end

        # __hiit_state: walks the words before the cursor; sets __hiit_path, __hiit_n (positional
        # words seen), __hiit_pending (the value kind of an option waiting for its value),
        # __hiit_dashdash and __hiit_help.
        function __hiit_state
            set -g __hiit_path \(name)
            set -g __hiit_n 0
            set -g __hiit_pending ''
            set -g __hiit_dashdash ''
            set -g __hiit_help ''
            set -l words (commandline -opc)
            set -e words[1]
            for w in $words
                if test -n "$__hiit_pending"
                    set __hiit_pending ''
                else if test -z "$__hiit_dashdash" -a "x$w" = x--
                    set __hiit_dashdash 1
                else if test -z "$__hiit_dashdash"; and string match -q -- '--*' $w
                    string match -q -- '*=*' $w; and continue
                    if __hiit_find opt "$__hiit_path" $w; and test "$__hiit_found" != flag
                        set __hiit_pending $__hiit_found
                    end
                else if test -z "$__hiit_dashdash"; and string match -qr -- '^-.' $w
                    set -l length (string length -- $w)
                    for k in (seq 2 $length)
                        if __hiit_find opt "$__hiit_path" -(string sub -s $k -l 1 -- $w); and test "$__hiit_found" != flag
                            test $k -eq $length; and set __hiit_pending $__hiit_found
                            break
                        end
                    end
                else if test "$__hiit_path" = \(name) -a $__hiit_n -eq 0 -a -z "$__hiit_help" -a "x$w" = xhelp
                    set __hiit_help 1
                else if test $__hiit_n -eq 0; and __hiit_find sub "$__hiit_path" $w
                    set __hiit_path "$__hiit_path $w"
                else
                    set __hiit_n (math $__hiit_n + 1)
                end
            end
        end

        # __hiit_value_kind: the value kind wanted at the cursor (an option's or an argument's).
        function __hiit_value_kind
            __hiit_state
            set -l cur (commandline -ct)
            if test -n "$__hiit_pending"
                echo $__hiit_pending
            else if test -z "$__hiit_dashdash"; and string match -q -- '--*=*' $cur
                __hiit_find opt "$__hiit_path" (string split -m 1 = -- $cur)[1]; and echo $__hiit_found
            else if test -z "$__hiit_help"; and not string match -q -- '-*' $cur
                __hiit_find arg "$__hiit_path" $__hiit_n; and echo $__hiit_found; and return
                for line in $__hiit_table
                    set -l f (string split \\t -- $line)
                    if test "$f[1]" = arg -a "$f[2]" = "$__hiit_path"; and string match -q -- '*+' $f[3]
                        test (string trim -r -c + -- $f[3]) -le $__hiit_n; and echo $f[4]
                    end
                end
            end
        end

        # __hiit_wants_files: whether file names are wanted at the cursor.
        function __hiit_wants_files
            set -l kind (__hiit_value_kind)
            test "$kind" = files -o "$kind" = dirs
            or begin
                test "$kind" = workouts; and string match -q -- '*/*' (commandline -ct)
            end
        end

        # __hiit_candidates: the words offered at the cursor, each with a tab and its description.
        function __hiit_candidates
            set -l kind (__hiit_value_kind)
            set -l cur (commandline -ct)
            set -l prefix ''
            if test -z "$__hiit_pending"; and string match -q -- '--*=*' $cur
                set prefix (string split -m 1 = -- $cur)[1]=
            end
            if test -z "$__hiit_pending" -a -z "$prefix"
                if test -z "$__hiit_dashdash" -a -z "$__hiit_help"; and string match -q -- '-*' $cur
                    for line in $__hiit_table
                        set -l f (string split \\t -- $line)
                        test "$f[1]" = opt -a "$f[2]" = "$__hiit_path"; and printf '%s\\t%s\\n' $f[3] $f[5]
                    end
                    return
                end
                if test $__hiit_n -eq 0
                    for line in $__hiit_table
                        set -l f (string split \\t -- $line)
                        test "$f[1]" = sub -a "$f[2]" = "$__hiit_path"; and printf '%s\\t%s\\n' $f[3] $f[4]
                    end
                end
                test -n "$__hiit_help"; and return
            end
            switch "$kind"
                case 'choice=*'
                    for value in (string split , -- (string replace 'choice=' '' -- $kind))
                        echo $prefix$value
                    end
                case workouts
                    string match -q -- '*/*' $cur; and return
                    set -l program (commandline -opc)[1]
                    set program (string replace -r '^~/' "$HOME/" -- $program)
                    for workout in (command $program list --names 2>/dev/null)
                        printf '%s\\tworkout\\n' $workout
                    end
            end
        end

        complete -c \(name) -f -a '(__hiit_candidates)'
        complete -c \(name) -n __hiit_wants_files -F

        """
    }

    /// `text` in single quotes for fish, where `\\` and `'` are escaped inside them.
    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
