// MARK: - Help text

/// The default line width when neither the terminal nor `COLUMNS` gives one.
public let defaultHelpWidth = 80

/// The width to wrap help and usage text to: `COLUMNS` when it is a positive whole number (an
/// explicit choice by the user or a test), else the terminal's width, else 80. Never below 20.
/// - Parameters:
///   - columnsVariable: the value of `COLUMNS`, or `nil` when unset.
///   - terminalColumns: the terminal's width from `TIOCGWINSZ`, or `nil` when not a terminal.
/// - Returns: a width in characters.
public func helpWidth(columnsVariable: String?, terminalColumns: Int?) -> Int {
    if let text = columnsVariable, let columns = Int(text), columns > 0 { return max(columns, 20) }
    if let terminalColumns, terminalColumns > 0 { return max(terminalColumns, 20) }
    return defaultHelpWidth
}

/// The help of the last command of `path`, in swift-argument-parser's layout:
/// ```
/// OVERVIEW: Run an interval workout.
///
/// USAGE: hiit run [<workout>] [--prepare <seconds>] [--mute]
///
/// ARGUMENTS:
///   <workout>               A workout's name, a file, or a quick form such as 20/10x8.
///
/// OPTIONS:
///   --prepare <seconds>     Seconds of countdown before the first work segment.
///   -h, --help              Show help information.
/// ```
/// Sections without entries are left out. Lines are wrapped to `width`: labels start in
/// column 3 and help texts in column 27, continuing under themselves (a label too long for
/// its column puts its help on the next line). Below 50 characters there is no room for a
/// second column, so each help text goes under its label, indented 6. The root lists
/// `--version` and a `help` subcommand. Words longer than a line are not broken.
/// - Parameters:
///   - path: the command chain from the root (``CommandSpec/specs(along:)``); must not be empty.
///   - width: the line width in characters (see ``helpWidth(columnsVariable:terminalColumns:)``).
/// - Returns: the text, ending with a newline.
public func helpText(for path: [CommandSpec], width: Int) -> String {
    guard let command = path.last else { return "" }
    let width = max(width, 20)
    let isRoot = path.count == 1
    var lines: [String] = []

    lines += wrapText("OVERVIEW: " + command.abstract, width: width, indent: 0)
    if let discussion = command.discussion {
        for paragraph in discussion.split(separator: "\n", omittingEmptySubsequences: false) {
            lines.append("")
            lines += wrapText(String(paragraph), width: width, indent: 0)
        }
    }
    lines.append("")
    lines += wrapUsage(usageItems(for: path), prefix: "USAGE: ", width: width)

    if !command.arguments.isEmpty {
        lines += helpSection("ARGUMENTS", command.arguments.map { ($0.label + ($0.isRepeating ? " ..." : ""), $0.help) },
                             width: width)
    }

    let rootOptions = isRoot ? [("-V, --version", "Show the version.")] : []
    lines += helpSection("OPTIONS", command.options.map { ($0.helpLabel, $0.help) } + rootOptions
                         + [("-h, --help", "Show help information.")], width: width)

    if !command.subcommands.isEmpty {
        let rootSubcommands = isRoot ? [("help", "Show subcommand help information.")] : []
        lines += helpSection("SUBCOMMANDS", command.subcommands.map { ($0.name, $0.abstract) } + rootSubcommands, width: width)
        lines.append("")
        let names = ([path[0].name, "help"] + path.dropFirst().map(\.name)).joined(separator: " ")
        lines += wrapText("  See '\(names) <subcommand>' for detailed help.", width: width, indent: 2)
    }
    return lines.joined(separator: "\n") + "\n"
}

/// The usage line of the last command of `path` without a prefix, e.g.
/// `hiit run [<workout>] [--prepare <seconds>] [--mute]`, on one line.
/// - Parameter path: the command chain from the root.
public func usageLine(for path: [CommandSpec]) -> String {
    usageItems(for: path).joined(separator: " ")
}

// MARK: - Layout pieces

/// The items of a usage line, each kept whole when wrapping: the command names, then the
/// arguments (`<workout>`, `[<workout>]`, `<file> ...`), the options (`[--prepare <seconds>]`,
/// `[--exercise <exercise> ...]`, or without brackets when required: `--exercise <exercise> ...`),
/// and `<subcommand>` (in brackets when the command also takes
/// options or arguments of its own, so it can run without one).
public func usageItems(for path: [CommandSpec]) -> [String] {
    guard let command = path.last else { return [] }
    var items = [path.map(\.name).joined(separator: " ")]
    for argument in command.arguments {
        var item = argument.label
        if argument.isRepeating { item += " ..." }
        items.append(argument.isOptional ? "[\(item)]" : item)
    }
    for option in command.options {
        let item = option.synopsis + (option.isRepeatable ? " ..." : "")
        items.append(option.isRequired ? item : "[\(item)]")
    }
    if !command.subcommands.isEmpty {
        let standsAlone = !command.arguments.isEmpty || !command.options.isEmpty
        items.append(standsAlone ? "[<subcommand>]" : "<subcommand>")
    }
    return items
}

/// Wraps usage items after `prefix`, continuation lines starting under the first item.
public func wrapUsage(_ items: [String], prefix: String, width: Int) -> [String] {
    wrapWords(items, firstPrefix: prefix, indent: prefix.count, width: width)
}

/// The column where help texts start in the two-column layout (0-based; column 27 1-based).
private let helpColumn = 26
/// Narrower than this, help texts go under their labels.
private let twoColumnMinimumWidth = 50

/// A section of help: a blank line, `TITLE:`, then one ``helpEntry(label:help:width:)`` per entry.
/// - Parameters:
///   - title: `ARGUMENTS`, `OPTIONS` or `SUBCOMMANDS`.
///   - entries: (label, help) in order.
///   - width: the width to wrap to, in columns.
private func helpSection(_ title: String, _ entries: [(label: String, help: String)], width: Int) -> [String] {
    ["", title + ":"] + entries.flatMap { helpEntry(label: $0.label, help: $0.help, width: width) }
}

/// One entry of ARGUMENTS, OPTIONS or SUBCOMMANDS: `  label   help…`, wrapped.
private func helpEntry(label: String, help: String, width: Int) -> [String] {
    let labelText = "  " + label
    guard width >= twoColumnMinimumWidth else {
        return [labelText] + wrapText(help, width: width, indent: 6)
    }
    let padding = String(repeating: " ", count: helpColumn)
    let words = help.split(separator: " ").map(String.init)
    if labelText.count + 2 <= helpColumn {
        let first = labelText + String(repeating: " ", count: helpColumn - labelText.count)
        return wrapWords(words, firstPrefix: first, indent: helpColumn, width: width)
    }
    return [labelText] + wrapWords(words, firstPrefix: padding, indent: helpColumn, width: width)
}

/// Wraps a paragraph to `width`, every line indented by `indent` spaces (the first line's
/// indent is taken from the text itself when it already starts with spaces).
private func wrapText(_ text: String, width: Int, indent: Int) -> [String] {
    let leading = text.prefix(while: { $0 == " " })
    let words = text.dropFirst(leading.count).split(separator: " ").map(String.init)
    let firstPrefix = leading.isEmpty ? String(repeating: " ", count: indent) : String(leading)
    return wrapWords(words, firstPrefix: firstPrefix, indent: indent, width: width)
}

/// Greedy word wrap: fills each line up to `width` characters; the first line starts with
/// `firstPrefix`, later ones with `indent` spaces. A word that does not fit on an empty line
/// is put there whole.
private func wrapWords(_ words: [String], firstPrefix: String, indent: Int, width: Int) -> [String] {
    var lines: [String] = []
    var line = firstPrefix
    var lineHasWord = false
    let continuation = String(repeating: " ", count: indent)
    for word in words {
        if lineHasWord, line.count + 1 + word.count > width {
            lines.append(line)
            line = continuation + word
        } else {
            line += (lineHasWord ? " " : "") + word
        }
        lineHasWord = true
    }
    lines.append(line)
    return lines.map { $0.trailingSpacesRemoved }
}

private extension String {
    var trailingSpacesRemoved: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
