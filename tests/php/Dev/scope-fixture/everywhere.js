/* Loaded on every front-end page on purpose: PluginCheckTest expects Plugin Check to say so. */
