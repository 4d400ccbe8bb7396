package chat

// The chat declares no permission (docs/decisions/0015, "Chat"): every user of a tenant may
// chat with their friends of that tenant, so each operation needs a login only
// (httpapi.LoggedIn), and the hub "messages" none beyond it. A permission here would have to
// be granted to every role and every new user to lock no one out, which is what a login
// already says. What a user may read is decided by the rows themselves: their own friends,
// their own conversations, the files of messages they sent or received.
