enum TerminalPlaceholder {}
