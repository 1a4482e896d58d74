"""roster"""
