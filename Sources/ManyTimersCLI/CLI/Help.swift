/// `many-timers --help` and `--version`.
enum Help {
  static let version = "many-timers 1.0.0"

  static let text = """
    many-timers: independent countdown timers, one LonelyTimer feature hosted many times.

    USAGE
      many-timers                         interactive shoebox (12 timers) on a terminal
      many-timers shoebox [--timers N]    the same, with N timers
      many-timers open [--] FILE...       one timer per .timer file, side by side
      many-timers new FILE [--name NAME] [--duration DUR]
      many-timers run [--script FILE] [--virtual-clock] [--timers N | --open FILE...]
      many-timers bench [--timers N] [--seconds S]
      many-timers --help | -h | --version

    When standard output is not a terminal, or TERM is dumb, commands are read from standard
    input instead. DUR is 90, 90s, 1m30s, 5m, 1h or 1:30. '--' ends the options: every argument
    after it is a FILE. --timers N is at most what a quarter of this machine's memory holds.

    KEYS
      up/down or j/k select   space toggle   s start   x stop   r reset
      a add   d delete   n rename   +/- duration by 10 s   u undo   U or Ctrl-R redo
      S start all   X stop all   b bell on/off   q quit

    Undo keeps the latest 1000 edits. A document another program changed while open is saved
    with both sides' changes (a note on standard error says so).

    SCRIPT COMMANDS (one per line, # starts a comment, timers count from 1)
      start I | stop I | toggle I | reset I     start all | stop all
      add [NAME] [DUR]    remove I    rename I NAME...    duration I DUR
      undo | redo    advance DUR    bell on | bell off    dump    save    quit

    EXIT STATUS
      0 ok, 64 bad usage, 65 bad script line or document, 66 missing input file,
      73 'new' on an existing file, 74 a document could not be saved or standard output
      could not be written;
      SIGTERM, SIGHUP or SIGINT end the screen (documents saved, terminal restored) by that
      signal, so a shell reports 128 + N
    """
}
