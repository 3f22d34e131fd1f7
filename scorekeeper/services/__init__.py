"""What views call when work spans rules, the word list and the database."""
