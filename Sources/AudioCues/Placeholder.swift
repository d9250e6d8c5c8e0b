enum AudioPlaceholder {}
