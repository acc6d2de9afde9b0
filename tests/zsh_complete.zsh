# Completes a command line in an interactive zsh on a pseudo-terminal (zsh's zpty module) and
# waits until what the terminal shows matches a pattern: the zsh completion test's way of using
# the completion script as a user's shell would.
# Usage: zsh -f zsh_complete.zsh FPATH_DIR LINE PATTERN. Exits 0 when PATTERN (a zsh glob) matched;
# the caller bounds the wait with timeout(1), since zpty -r blocks until it does.
zmodload zsh/zpty || exit 2
zpty shell 'zsh -f -i'
zpty -w shell "PS1='> '; fpath=($1 \$fpath); autoload -Uz compinit; compinit -u -D; setopt nolistbeep"
zpty -n -w shell "$2"$'\t'
zpty -r shell shown "$3" || exit 1
zpty -d shell
exit 0
