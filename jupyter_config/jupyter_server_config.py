"""Jupyter server configuration for Binder (and the browser tests' JupyterLab), via binder/start.

Python rather than JSON because Voila's page-config hook is a function. Lab keeps its kernels
when a tab closes, so only TCP_NODELAY is taken from widgets.serving, not the shutdown rule.
"""
from widgets.serving import offline_mathjax_page_config

c = get_config()  # noqa: F821  (provided by traitlets when it loads this file)

# Kernel websockets with TCP_NODELAY (no ~40 ms Nagle/delayed-ACK stall per widget message).
c.ServerApp.kernel_websocket_connection_class = "widgets.serving.NoDelayKernelConnection"
# Kernels nobody is connected to go after an hour idle (Binder stops the whole pod anyway).
c.MappingKernelManager.cull_idle_timeout = 3600
c.MappingKernelManager.cull_interval = 300
c.MappingKernelManager.cull_connected = False
# Voila pages under this server: the repository's template, nothing from a CDN.
c.VoilaConfiguration.template = "spelltower"
c.VoilaConfiguration.extension_denylist = ["@jupyter-notebook/lab-extension"]
c.VoilaConfiguration.page_config_hook = offline_mathjax_page_config
